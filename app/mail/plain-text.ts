// The plain-text part of a mail, read from the same React tree as its HTML
// (docs/decisions/0011): each building block of app/mail/layout.tsx says how it reads as
// text, every other component is called and its result read, and strings are taken as
// they are. Mail templates are pure functions of their props (no hooks, no context), so
// calling them here gives the tree React renders.
import { Fragment, isValidElement, type ReactElement, type ReactNode } from "react";

// Looked up by its component, whatever that component's props.
type PlainTextRule = (props: never) => string;

const RULES = new WeakMap<object, PlainTextRule>();

/** Gives a building block its plain-text form; returns the component, for `export const`. */
export function withPlainText<P>(component: (props: P) => ReactNode, rule: (props: P) => string) {
  RULES.set(component, rule);
  return component;
}

/** Inline content as text: strings as they are, `<strong>` and the like by their children. */
export function inlineText(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === "boolean") return "";
  if (typeof node === "string" || typeof node === "number" || typeof node === "bigint") return String(node);
  if (Array.isArray(node)) return node.map(inlineText).join("");
  if (!isValidElement(node)) throw new Error("A mail holds text and elements only.");
  const { type, props } = node as ReactElement<{ children?: ReactNode }>;
  if (type === Fragment || typeof type === "string") return inlineText(props.children);
  const rule = RULES.get(type as object);
  if (rule) return rule(props as never);
  if (typeof type === "function") return inlineText((type as (props: unknown) => ReactNode)(props));
  throw new Error("A mail holds plain function components only.");
}

/**
 * The blocks among `node` (paragraphs, lists, quotes), each as text; fragments, arrays and
 * the mail's own components are opened, and a block with no text is left out.
 */
export function blockTexts(node: ReactNode): string[] {
  if (node === null || node === undefined || typeof node === "boolean") return [];
  if (Array.isArray(node)) return node.flatMap(blockTexts);
  if (isValidElement(node)) {
    const { type, props } = node as ReactElement<{ children?: ReactNode }>;
    if (type === Fragment) return blockTexts(props.children);
    if (typeof type === "function" && !RULES.has(type)) return blockTexts((type as (props: unknown) => ReactNode)(props));
  }
  const text = inlineText(node);
  return text ? [text] : [];
}

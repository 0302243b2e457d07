// The building blocks every mail is made of (docs/decisions/0011). Each renders its HTML
// with React, which escapes every value, and says how it reads in the plain-text part
// (app/mail/plain-text.ts): blocks are parted by a blank line, a link reads as
// "label: address". Where a sentence reads otherwise once its link cannot be clicked, the
// block takes that sentence as `text`, beside its HTML, in the same template.
import { Fragment, type ReactNode } from "react";
import { blockTexts, inlineText, withPlainText } from "./plain-text";

export interface MailProps {
  subject: string;
  children: ReactNode;
}

/** The whole mail: its subject and its blocks. Every template returns one. */
export const Mail = withPlainText(
  ({ children }: MailProps) => <>{children}</>,
  ({ children }) => blockTexts(children).join("\n\n"),
);

/** Blocks that the plain text keeps on consecutive lines, with no blank line between them. */
export const Lines = withPlainText(
  ({ children }: { children: ReactNode }) => <>{children}</>,
  ({ children }) => blockTexts(children).join("\n"),
);

/** A paragraph; `text` when its plain form is worded apart (a sentence around a link). */
export const Paragraph = withPlainText(
  ({ children }: { children: ReactNode; text?: string }) => <p>{children}</p>,
  ({ children, text }) => text ?? inlineText(children),
);

/** A link; in the plain text "label: address", the label being `textLabel` when given. */
export const Link = withPlainText(
  ({ href, children }: { href: string; children: ReactNode; textLabel?: string }) => <a href={href}>{children}</a>,
  ({ href, children, textLabel }) => `${textLabel ?? inlineText(children)}: ${href}`,
);

/** Text typed with line breaks: `<br>` in the HTML, the same lines in the plain text. */
export const MultilineText = withPlainText(
  ({ text }: { text: string }) => (
    <>
      {text.split("\n").map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one text, never reordered.
        <Fragment key={i}>
          {i > 0 ? <br /> : null}
          {line}
        </Fragment>
      ))}
    </>
  ),
  ({ text }) => text,
);

/** What someone wrote, quoted. */
export const Quote = withPlainText(
  ({ text }: { text: string }) => (
    <blockquote>
      <MultilineText text={text} />
    </blockquote>
  ),
  ({ text }) => text,
);

/** A list: one line an item in the plain text. */
export const List = withPlainText(
  ({ children }: { children: ReactNode }) => <ul>{children}</ul>,
  ({ children }) => blockTexts(children).join("\n"),
);

/** An item of a List; `text` when its plain form is worded apart. */
export const Item = withPlainText(
  ({ children }: { children: ReactNode; text?: string }) => <li>{children}</li>,
  ({ children, text }) => text ?? inlineText(children),
);

/** "Label: value" lines: what a sighting or a message says, and the sender's contact. */
export function Facts({ facts }: { facts: (readonly [label: string, value: string])[] }) {
  return (
    <List>
      {facts.map(([label, value]) => (
        <Item key={label}>
          <strong>{label}:</strong> <MultilineText text={value} />
        </Item>
      ))}
    </List>
  );
}

/** Links to pages, one an item; in the plain text "- label" with the address below it. */
export const LinkList = withPlainText(
  ({ links }: { links: { href: string; label: string }[] }) => (
    <ul>
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href}>{link.label}</a>
        </li>
      ))}
    </ul>
  ),
  ({ links }) => links.map((link) => `- ${link.label}\n  ${link.href}`).join("\n"),
);

/** The warning every mail about a lost pet ends with. */
export function LostPetWarning() {
  return <Paragraph>Atenção: nunca pague para receber notícias do seu pet. Golpistas usam anúncios de pets perdidos.</Paragraph>;
}

// How the moderation mails name an item (docs/decisions/0035). To an address its account
// never confirmed they quote nothing anyone typed, the item's own title included
// (docs/decisions/0031): the service then passes no title.
import type { ReportItemKind } from "~/db/values";
import { KIND_LABELS } from "~/lib/moderation";

export interface NamedItem {
  kind: ReportItemKind;
  /** The item's title, or null to an address never confirmed. */
  title: string | null;
}

/** 'o pet "Rex"', 'a clínica que você publicou'. */
export function itemName({ kind, title }: NamedItem) {
  const article = kind === "clinic" || kind === "organization" ? "a" : "o";
  const label = KIND_LABELS[kind].toLowerCase();
  return title !== null ? `${article} ${label} "${title}"` : `${article} ${label} que você publicou`;
}

export function capitalize(text: string) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// The mailbox an address delivers to, for limits that protect a person's inbox
// (docs/decisions/0031-normalised-addresses-and-mail-without-typed-text.md): vitima+1@
// and vitima+2@ reach the same person, and so do v.itima@gmail.com and vitima@gmail.com.
// It is also each account's `mailbox_key`: one account per mailbox (docs/decisions/0007).
// Only for counting: mail still goes to the address as it was typed.

// Gmail ignores dots in the name, and googlemail.com is the same service. Other providers
// treat a dot as part of the name (maria.silva and mariasilva are two people there).
const GMAIL_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/** Lower case, without a +tag, and for Gmail without dots and as gmail.com. */
export function mailboxKey(address: string): string {
  const value = address.trim().toLowerCase();
  const at = value.lastIndexOf("@");
  if (at <= 0 || at === value.length - 1) return value;
  let name = value.slice(0, at);
  let domain = value.slice(at + 1);
  // A leading "+" is the whole name, not a tag.
  const plus = name.indexOf("+");
  if (plus > 0) name = name.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    const undotted = name.replace(/\./g, "");
    if (undotted) name = undotted;
    domain = "gmail.com";
  }
  return `${name}@${domain}`;
}

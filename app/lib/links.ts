// Outbound links built from what users typed.

/** WhatsApp chat link; spec §2 and §7: digits only. Brazilian numbers get the 55 prefix. */
export function whatsappLink(phone: string, text?: string): string | null {
  let digits = phone.replace(/\D/g, "");
  if (!digits) return null;
  if (digits.length === 10 || digits.length === 11) digits = `55${digits}`;
  const query = text ? `?text=${encodeURIComponent(text)}` : "";
  return `https://wa.me/${digits}${query}`;
}

/**
 * 'Como chegar': a Google Maps search for an address as typed (the stored location ends
 * with the city and state). The documented URL API opens the app on a phone, the site elsewhere.
 */
export function mapsSearchLink(address: string): string | null {
  const query = address.trim();
  return query ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}` : null;
}

/** Adds https:// when the address has no scheme (spec: website, Facebook, Instagram). */
export function withHttps(url: string): string {
  const trimmed = url.trim();
  if (!trimmed) return trimmed;
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  return `https://${trimmed.replace(/^\/+/, "")}`;
}

/**
 * A social handle or address as a link: "@patas" -> https://instagram.com/patas.
 * Handles may contain dots ("@maria.pets"), so only a scheme or a slash means an address.
 */
export function socialLink(network: "instagram" | "facebook", value: string): string {
  const trimmed = value.trim();
  if (/^https?:\/\//i.test(trimmed) || (!trimmed.startsWith("@") && trimmed.includes("/"))) {
    return withHttps(trimmed);
  }
  const handle = trimmed.replace(/^@/, "");
  const host = network === "instagram" ? "instagram.com" : "facebook.com";
  return `https://${host}/${encodeURIComponent(handle)}`;
}

/** Only same-site paths may be redirect targets: never "//evil.com" or "https://…". */
export function safeRedirectPath(target: string | null | undefined, fallback = "/"): string {
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) {
    return fallback;
  }
  // Browsers drop tabs and newlines from URLs ("/\t/evil.com" becomes "//evil.com"), and a
  // newline could not go in a Location header anyway: no control characters or spaces.
  if (/[\u0000-\u0020\u007f]/.test(target)) return fallback;
  // Whatever is left must resolve to this site.
  const base = "http://patas.invalid";
  if (new URL(target, base).origin !== base) return fallback;
  return target;
}

/** Share links that work without JavaScript. */
export function shareLinks(url: string, text: string) {
  return {
    whatsapp: `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
  };
}

/** A positive integer id from a URL segment, or null. */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^\d{1,12}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}

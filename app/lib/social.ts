// Instagram and Facebook profiles as forms take them (docs/decisions/0033 §14):
// one field each, accepting '@handle', 'handle' or the profile's address, stored as one
// canonical link. The `social_media` column stays a map of network to profile (spec §3);
// rows saved before keep whatever was typed ('@loja', 'fb.com/loja', other networks from
// the old 'rede: perfil' text) and still show, through socialProfileLink.
import { socialLink, withHttps } from "./links";

export type SocialNetwork = "instagram" | "facebook";

export const SOCIAL_PROFILE_MESSAGES: Record<SocialNetwork, string> = {
  instagram: "Informe o Instagram como @perfil, perfil ou o endereço instagram.com/perfil.",
  facebook: "Informe o Facebook como @pagina, pagina ou o endereço facebook.com/pagina.",
};

const INSTAGRAM_HANDLE = /^[a-z0-9._]{1,30}$/i;
// Facebook names are letters, digits and dots; old page addresses have hyphens.
const FACEBOOK_HANDLE = /^[a-z0-9._-]{1,100}$/i;
// A path segment of a Facebook address ('people/Nome-da-Página/1000…' has accents).
const FACEBOOK_SEGMENT = /^[\p{L}\p{N}._-]{1,100}$/u;
/** Instagram pages that are not profiles ('instagram.com/p/…' is a post). */
const INSTAGRAM_NOT_PROFILES = new Set(["p", "reel", "reels", "stories", "explore", "tv", "accounts", "direct"]);
const FACEBOOK_NOT_PROFILES = new Set(["sharer", "sharer.php", "share.php", "login", "login.php", "home.php", "dialog", "plugins"]);

function isInstagramHost(host: string) {
  return ["instagram.com", "www.instagram.com", "m.instagram.com", "instagr.am", "www.instagr.am"].includes(host);
}

function isFacebookHost(host: string) {
  return host === "facebook.com" || host.endsWith(".facebook.com") || ["fb.com", "www.fb.com", "fb.me"].includes(host);
}

/**
 * Whether the text is an address rather than a handle: a scheme, a slash, 'www.' or a
 * domain ending ('minhaloja.com.br'). Instagram allows dots in handles ('maria.pets'), so a
 * handle ending like a domain is read as an address: a site typed in the wrong field is
 * refused instead of becoming instagram.com/minhaloja.com.br.
 */
function looksLikeAddress(value: string) {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) || value.includes("/") || /^www\./i.test(value) || /\.(com|net|org|br)$/i.test(value);
}

function parseAddress(value: string): URL | null {
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`);
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

function decodedSegments(url: URL): string[] | null {
  try {
    return url.pathname
      .split("/")
      .filter(Boolean)
      .map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
}

/**
 * The canonical profile link of what was typed in an 'Instagram' or 'Facebook' field:
 * '@bomprachorro', 'bomprachorro' or 'instagram.com/bomprachorro/?igsh=…' all give
 * https://www.instagram.com/bomprachorro. Null when it is not a profile of that network.
 */
export function socialProfileUrl(network: SocialNetwork, typed: string): string | null {
  const value = typed.trim();
  if (!value || /\s/.test(value)) return null;
  if (!looksLikeAddress(value)) {
    const handle = value.replace(/^@/, "");
    if (network === "instagram") return INSTAGRAM_HANDLE.test(handle) ? `https://www.instagram.com/${handle.toLowerCase()}` : null;
    return FACEBOOK_HANDLE.test(handle) ? `https://www.facebook.com/${handle}` : null;
  }
  const url = parseAddress(value);
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  const segments = decodedSegments(url);
  if (!segments?.length) return null;
  if (network === "instagram") {
    if (!isInstagramHost(host)) return null;
    const handle = segments[0]!.replace(/^@/, "");
    if (INSTAGRAM_NOT_PROFILES.has(handle.toLowerCase()) || !INSTAGRAM_HANDLE.test(handle)) return null;
    return `https://www.instagram.com/${handle.toLowerCase()}`;
  }
  if (!isFacebookHost(host)) return null;
  if (segments[0]!.toLowerCase() === "profile.php") {
    const id = url.searchParams.get("id") ?? "";
    return /^\d{1,30}$/.test(id) ? `https://www.facebook.com/profile.php?id=${id}` : null;
  }
  const cleaned = segments.map((s, i) => (i === 0 ? s.replace(/^@/, "") : s));
  if (FACEBOOK_NOT_PROFILES.has(cleaned[0]!.toLowerCase()) || cleaned.length > 4) return null;
  if (!cleaned.every((s) => FACEBOOK_SEGMENT.test(s))) return null;
  return `https://www.facebook.com/${cleaned.map(encodeURIComponent).join("/")}`;
}

/**
 * The short text for a stored profile, shown on pages and put back in the edit form (where
 * it is accepted again and gives the same link): '@bomprachorro', 'facebook.com/loja'.
 * A value stored before these fields that is not a profile is shown as it was typed.
 */
export function socialProfileLabel(network: SocialNetwork, stored: string): string {
  const url = socialProfileUrl(network, stored);
  if (!url) return stored.trim();
  if (network === "instagram") return `@${url.slice("https://www.instagram.com/".length)}`;
  return decodeURI(url.slice("https://www.".length));
}

/**
 * The `social_media` map after a form with the two fields: Instagram and Facebook as given
 * (blank removes them); other networks of a row typed as 'rede: perfil' before stay, since
 * no field can show them. Null when nothing is left (stored as NULL).
 */
export function socialMediaWith(
  previous: Record<string, string> | null | undefined,
  profiles: { instagram: string | null; facebook: string | null },
): Record<string, string> | null {
  const { instagram: _instagram, facebook: _facebook, ...others } = previous ?? {};
  const result: Record<string, string> = {};
  if (profiles.instagram) result.instagram = profiles.instagram;
  if (profiles.facebook) result.facebook = profiles.facebook;
  Object.assign(result, others);
  return Object.keys(result).length ? result : null;
}

/** A stored map's entries for a page: Instagram and Facebook first, then the others. */
export function socialEntries(map: Record<string, string> | null | undefined): [string, string][] {
  const order = (network: string) => (network === "instagram" ? 0 : network === "facebook" ? 1 : 2);
  return Object.entries(map ?? {}).sort(([a], [b]) => order(a) - order(b));
}

const HOSTS: Record<string, (handle: string) => string> = {
  tiktok: (h) => `https://www.tiktok.com/@${encodeURIComponent(h)}`,
  twitter: (h) => `https://x.com/${encodeURIComponent(h)}`,
  x: (h) => `https://x.com/${encodeURIComponent(h)}`,
  youtube: (h) => `https://www.youtube.com/@${encodeURIComponent(h)}`,
  linkedin: (h) => `https://www.linkedin.com/in/${encodeURIComponent(h)}`,
};

/** A link for a stored profile when we can tell where it lives; null shows it as text. */
export function socialProfileLink(network: string, profile: string): string | null {
  const value = profile.trim();
  if (!value) return null;
  if (network === "instagram" || network === "facebook") return socialLink(network, value);
  if (/^https?:\/\//i.test(value) || (!value.startsWith("@") && /^[\w.-]+\.[a-z]{2,}\//i.test(value))) return withHttps(value);
  const host = HOSTS[network];
  return host ? host(value.replace(/^@/, "")) : null;
}

/** The text shown for a stored profile: the short form for Instagram and Facebook. */
export function socialProfileText(network: string, profile: string): string {
  return network === "instagram" || network === "facebook" ? socialProfileLabel(network, profile) : profile;
}

/** "instagram" -> "Instagram" for display. */
export function networkLabel(network: string): string {
  const known: Record<string, string> = { tiktok: "TikTok", youtube: "YouTube", linkedin: "LinkedIn", x: "X", whatsapp: "WhatsApp" };
  return known[network] ?? network.charAt(0).toUpperCase() + network.slice(1);
}

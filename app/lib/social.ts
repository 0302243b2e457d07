// Social networks typed as "rede: perfil" pairs separated by commas (spec §5, product
// edit; docs/decisions/0014): "Instagram: @loja, facebook: fb.com/loja".
import { socialLink, withHttps } from "./links";

export const MAX_SOCIAL_NETWORKS = 10;
const MAX_NETWORK_LENGTH = 30;
const MAX_PROFILE_LENGTH = 200;

/**
 * A map of network (lower case) to profile. A pair without a colon, a network or a
 * profile is ignored, as the spec says; the first colon splits, so a profile may be an
 * address ("site: https://..."). The same network twice keeps the last one. Null when
 * nothing is left (stored as NULL).
 */
export function parseSocialMedia(input: string | null | undefined): Record<string, string> | null {
  const result: Record<string, string> = {};
  for (const pair of (input ?? "").split(",")) {
    const colon = pair.indexOf(":");
    if (colon < 0) continue;
    const network = pair.slice(0, colon).trim().toLowerCase().replace(/\s+/g, " ");
    const profile = pair.slice(colon + 1).trim();
    if (!network || !profile) continue;
    if (network.length > MAX_NETWORK_LENGTH || profile.length > MAX_PROFILE_LENGTH) continue;
    // Only names ("instagram", "tik tok"): "https" from a bare address is not a network.
    if (!/^[\p{L}\p{N}][\p{L}\p{N} ._-]*$/u.test(network) || network === "http" || network === "https") continue;
    if (!(network in result) && Object.keys(result).length >= MAX_SOCIAL_NETWORKS) continue;
    result[network] = profile;
  }
  return Object.keys(result).length ? result : null;
}

/** The map back as the form's text, for the edit form. */
export function formatSocialMedia(map: Record<string, string> | null | undefined): string {
  if (!map) return "";
  return Object.entries(map)
    .map(([network, profile]) => `${network}: ${profile}`)
    .join(", ");
}

const HOSTS: Record<string, (handle: string) => string> = {
  tiktok: (h) => `https://www.tiktok.com/@${encodeURIComponent(h)}`,
  twitter: (h) => `https://x.com/${encodeURIComponent(h)}`,
  x: (h) => `https://x.com/${encodeURIComponent(h)}`,
  youtube: (h) => `https://www.youtube.com/@${encodeURIComponent(h)}`,
  linkedin: (h) => `https://www.linkedin.com/in/${encodeURIComponent(h)}`,
};

/** A link for a profile when we can tell where it lives; null shows it as text. */
export function socialProfileLink(network: string, profile: string): string | null {
  const value = profile.trim();
  if (!value) return null;
  if (network === "instagram" || network === "facebook") return socialLink(network, value);
  if (/^https?:\/\//i.test(value) || (!value.startsWith("@") && /^[\w.-]+\.[a-z]{2,}\//i.test(value))) return withHttps(value);
  const host = HOSTS[network];
  return host ? host(value.replace(/^@/, "")) : null;
}

/** "instagram" -> "Instagram" for display. */
export function networkLabel(network: string): string {
  const known: Record<string, string> = { tiktok: "TikTok", youtube: "YouTube", linkedin: "LinkedIn", x: "X", whatsapp: "WhatsApp" };
  return known[network] ?? network.charAt(0).toUpperCase() + network.slice(1);
}

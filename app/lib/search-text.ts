// Bounds for the text a visitor types into a search box, so that no query string can
// exceed a D1 limit (docs/decisions/0012-input-bounds-views-and-caching-headers.md).
// Pure: shared by loaders, models and tests.

/** What the search boxes keep of `q` (code points; the inputs allow as much). */
export const SEARCH_TEXT_MAX_CHARS = 100;
/** Words of a pet search that narrow the result: 8 words cannot reach D1's 100 bound parameters. */
export const SEARCH_MAX_WORDS = 8;
/** D1 builds SQLite with SQLITE_MAX_LIKE_PATTERN_LENGTH = 50 bytes (UTF-8, wildcards included). */
export const LIKE_PATTERN_MAX_BYTES = 50;

const encoder = new TextEncoder();

export function utf8Length(text: string): number {
  return encoder.encode(text).length;
}

/** The first `max` code points: an emoji is never cut in half. */
export function truncateChars(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : chars.slice(0, max).join("");
}

/**
 * `q` as the search uses and shows it: one parameter (a repeated `q` keeps the first),
 * composed accents (NFC), no control characters (NUL included), single spaces, at most
 * SEARCH_TEXT_MAX_CHARS code points.
 */
export function cleanSearchText(raw: string | null | undefined): string {
  if (!raw) return "";
  const text = raw
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}\p{Cs}]/gu, " ")
    .replace(/\s+/gu, " ")
    .trim();
  return truncateChars(text, SEARCH_TEXT_MAX_CHARS).trim();
}

/**
 * A LIKE pattern that finds `text` anywhere (`%text%`, with `\` escaping `%`, `_` and
 * `\`), cut so that the whole pattern fits D1's limit: the text is truncated by whole
 * characters, and an escape is never separated from what it escapes. Use with
 * `ESCAPE '\'`.
 */
export function likeContainsPattern(text: string, maxBytes = LIKE_PATTERN_MAX_BYTES): string {
  let budget = maxBytes - 2; // the two % wildcards
  let body = "";
  for (const char of text) {
    const piece = /[\\%_]/.test(char) ? `\\${char}` : char;
    const size = utf8Length(piece);
    if (size > budget) break;
    body += piece;
    budget -= size;
  }
  return `%${body}%`;
}

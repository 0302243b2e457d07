// Prices typed by people in Brazil (docs/decisions/0014): "49,90", "49.90", "R$ 1.234,56",
// "1234". Stored as whole centavos (docs/decisions/0005), never as a float.

export const MAX_PRICE_CENTS = 100_000_000; // R$ 1.000.000,00

export const PRICE_MESSAGES = {
  required: "Por favor, informe o preço.",
  invalid: "Informe um preço válido, por exemplo 49,90.",
  negative: "O preço não pode ser negativo.",
  decimals: "Use no máximo 2 casas decimais.",
  tooHigh: "O preço pode ser de no máximo R$ 1.000.000,00.",
} as const;

export type PriceResult = { ok: true; cents: number } | { ok: false; error: string };

/**
 * Reads a BRL amount. A comma is the decimal separator; a dot is one too when it is the
 * only separator and 1 or 2 digits follow it ("49.90"), otherwise it groups thousands
 * ("1.234", "1.234,56"). With both, the last one is the decimal separator.
 */
export function parseBRLToCents(input: string | null | undefined): PriceResult {
  let text = (input ?? "").replace(/[\s\u00a0]/g, "").replace(/^R\$/i, "");
  if (!text) return { ok: false, error: PRICE_MESSAGES.required };
  if (text.startsWith("-")) return { ok: false, error: PRICE_MESSAGES.negative };
  if (text.startsWith("+")) text = text.slice(1);
  if (!/^[\d.,]+$/.test(text) || !/\d/.test(text)) return { ok: false, error: PRICE_MESSAGES.invalid };

  const lastComma = text.lastIndexOf(",");
  const lastDot = text.lastIndexOf(".");
  let integerPart = text;
  let fraction = "";
  let decimalAt = -1;
  if (lastComma >= 0 && lastDot >= 0) decimalAt = Math.max(lastComma, lastDot);
  else if (lastComma >= 0) decimalAt = lastComma;
  else if (lastDot >= 0) {
    const dots = text.split(".").length - 1;
    const after = text.length - lastDot - 1;
    // One dot with 1-2 digits after it is a decimal point ("49.90"); anything else groups.
    if (dots === 1 && after !== 3) decimalAt = lastDot;
  }
  if (decimalAt >= 0) {
    integerPart = text.slice(0, decimalAt);
    fraction = text.slice(decimalAt + 1);
    const separator = text[decimalAt];
    if (/[.,]/.test(fraction)) return { ok: false, error: PRICE_MESSAGES.invalid };
    if (fraction.length === 0) return { ok: false, error: PRICE_MESSAGES.invalid };
    if (fraction.length > 2) return { ok: false, error: PRICE_MESSAGES.decimals };
    // The other separator, if any, groups thousands.
    const grouping = separator === "," ? "." : ",";
    if (integerPart.includes(separator!)) return { ok: false, error: PRICE_MESSAGES.invalid };
    integerPart = ungroup(integerPart, grouping) ?? "";
    if (integerPart === "" && text.slice(0, decimalAt) !== "") return { ok: false, error: PRICE_MESSAGES.invalid };
  } else {
    const grouped = ungroup(integerPart, integerPart.includes(".") ? "." : ",");
    if (grouped === null) return { ok: false, error: PRICE_MESSAGES.invalid };
    integerPart = grouped;
  }
  if (integerPart === "") integerPart = "0";
  if (!/^\d+$/.test(integerPart)) return { ok: false, error: PRICE_MESSAGES.invalid };
  if (integerPart.replace(/^0+/, "").length > 7) return { ok: false, error: PRICE_MESSAGES.tooHigh };
  const cents = Number(integerPart) * 100 + Number(fraction.padEnd(2, "0") || "0");
  if (cents > MAX_PRICE_CENTS) return { ok: false, error: PRICE_MESSAGES.tooHigh };
  return { ok: true, cents };
}

/** "1.234.567" -> "1234567" when the groups are well formed; digits alone pass through. */
function ungroup(text: string, separator: string): string | null {
  if (!text.includes(separator)) return /^\d*$/.test(text) ? text : null;
  const [head, ...groups] = text.split(separator);
  if (!/^\d{1,3}$/.test(head!) || !groups.every((g) => /^\d{3}$/.test(g))) return null;
  return head + groups.join("");
}

/** 4990 -> "49,90": the form's own notation, for the edit form's default value. */
export function centsToInput(cents: number): string {
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`;
}

// CNPJ (Receita Federal). Since July 2026 the first 12 characters may be letters too
// (alphanumeric CNPJ). The check digits come from @brazilian-utils/brazilian-utils
// (its `version: 2` reads both forms); normalising and formatting stay ours. Imported by
// file, not from the package's index, so the browser (the forms validate there too) gets
// about 1 KB, not the whole package (docs/decisions/0032).
import { isValidCnpj as checkCnpj } from "@brazilian-utils/brazilian-utils/is-valid-cnpj";

/** Strips punctuation and upper-cases: "12.ABC.345/01DE-35" -> "12ABC34501DE35". */
export function normalizeCnpj(value: string): string {
  return value.replace(/[.\-/\s]/g, "").toUpperCase();
}

/**
 * Whether the value is a CNPJ: 14 characters once punctuation is stripped (anywhere, as
 * people type it), the first 12 digits or letters, valid check digits, not one digit
 * repeated. The package reads the normalised value, so no spelling we accepted before is
 * refused now.
 */
export function isValidCnpj(value: string): boolean {
  const cnpj = normalizeCnpj(value);
  return /^[0-9A-Z]{12}[0-9]{2}$/.test(cnpj) && checkCnpj(cnpj, { version: 2 });
}

/** The hint under every CNPJ field: both spellings are read. */
export const CNPJ_HINT = "Somente números ou no formato 00.000.000/0000-00.";

/** "11222333000181" -> "11.222.333/0001-81". */
export function formatCnpj(value: string): string {
  const c = normalizeCnpj(value);
  if (c.length !== 14) return value;
  return `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`;
}

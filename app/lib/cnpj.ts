// CNPJ check digits (Receita Federal). Since July 2026 the first 12 characters may be
// letters too (alphanumeric CNPJ); each character counts as its ASCII code minus 48, so
// the classic all-digit rule is the same computation.

const WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const WEIGHTS_2 = [6, ...WEIGHTS_1];

/** Strips punctuation and upper-cases: "12.ABC.345/01DE-35" -> "12ABC34501DE35". */
export function normalizeCnpj(value: string): string {
  return value.replace(/[.\-/\s]/g, "").toUpperCase();
}

function checkDigit(base: string, weights: number[]): number {
  const sum = [...base].reduce((total, char, i) => total + (char.charCodeAt(0) - 48) * weights[i]!, 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function isValidCnpj(value: string): boolean {
  const cnpj = normalizeCnpj(value);
  if (!/^[0-9A-Z]{12}[0-9]{2}$/.test(cnpj)) return false;
  if (/^(\d)\1{13}$/.test(cnpj)) return false;
  const first = checkDigit(cnpj.slice(0, 12), WEIGHTS_1);
  const second = checkDigit(cnpj.slice(0, 12) + first, WEIGHTS_2);
  return cnpj.endsWith(`${first}${second}`);
}

/** "11222333000181" -> "11.222.333/0001-81". */
export function formatCnpj(value: string): string {
  const c = normalizeCnpj(value);
  if (c.length !== 14) return value;
  return `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`;
}

// Valid CNPJs for the tests, from @brazilian-utils/brazilian-utils, the library the app
// checks them with (app/lib/cnpj.ts): random ones, and ones made from chosen base digits
// where a test needs the same CNPJ again or one that no other test account uses.
import { generateCnpj } from "@brazilian-utils/brazilian-utils/generate-cnpj";
import { isValidCnpj } from "@brazilian-utils/brazilian-utils/is-valid-cnpj";

/** A random valid all-digit CNPJ (14 digits, no punctuation), its branch never 0000. */
export function randomCnpj(): string {
  return generateCnpj({ branch: 1 + Math.floor(Math.random() * 9999) });
}

/** The 12 base digits followed by the two check digits the library accepts for them. */
export function cnpjWithCheckDigits(base: string): string {
  // Exactly one pair of check digits makes a base valid.
  for (let digits = 0; digits < 100; digits += 1) {
    const cnpj = `${base}${String(digits).padStart(2, "0")}`;
    if (isValidCnpj(cnpj)) return cnpj;
  }
  throw new Error(`no valid CNPJ starts with ${base}`);
}

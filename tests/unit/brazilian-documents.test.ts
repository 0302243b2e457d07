// CNPJ checks come from @brazilian-utils/brazilian-utils; phones keep our own rule, which
// accepts numbers the package refuses (docs/decisions/0032, "Listings, alerts and 'Perto
// de você'"). Our Portuguese messages stay as they were.
import { isValidPhone } from "@brazilian-utils/brazilian-utils/is-valid-phone";
import { describe, expect, it } from "vitest";
import { phoneDigitsOk } from "~/forms/fields";
import { planDialogSchema } from "~/forms/plan-dialog";
import { isValidCnpj } from "~/lib/cnpj";

const CNPJ_MESSAGE = "CNPJ inválido. Confira os 14 caracteres digitados.";

function cnpjErrors(cnpj: string) {
  const parsed = planDialogSchema.safeParse({ plano: "basico", companyName: "Pet Shop", cnpj, email: "a@b.com.br" });
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

describe("CNPJ through @brazilian-utils/brazilian-utils", () => {
  it("accepts valid numeric and alphanumeric CNPJs, with or without punctuation", () => {
    for (const cnpj of ["11.222.333/0001-81", "11222333000181", "11 222 333 0001 81", "12.ABC.345/01DE-35", "12.abc.345/01de-35"]) {
      expect(isValidCnpj(cnpj), cnpj).toBe(true);
    }
  });

  it("still accepts punctuation where people put it, as before", () => {
    // The package alone refuses separators outside the usual groups; we normalise first.
    expect(isValidCnpj("112.223.330/001-81")).toBe(true);
  });

  it("refuses wrong check digits, lengths, repeated digits and other characters", () => {
    for (const cnpj of [
      "11.222.333/0001-82",
      "1122233300018",
      "112223330001811",
      "00000000000000",
      "11111111111111",
      "",
      "11*222*333/0001-81",
      "12.ABC.345/01DE-36",
      "12.ABC.345/01DE-3A",
    ]) {
      expect(isValidCnpj(cnpj), cnpj).toBe(false);
    }
  });

  it("keeps our messages", () => {
    expect(cnpjErrors("11.222.333/0001-82")).toEqual([CNPJ_MESSAGE]);
    expect(cnpjErrors("")).toEqual(["Por favor, preencha o CNPJ"]);
    expect(cnpjErrors("11.222.333/0001-81")).toEqual([]);
  });
});

describe("phone numbers keep our rule (10 to 13 digits with the DDD)", () => {
  it("accepts mobiles, landlines and +55, as the package does", () => {
    for (const phone of ["(11) 98765-4321", "(11) 3456-7890", "+55 11 98765-4321", "55 11 3333-4444"]) {
      expect(phoneDigitsOk(phone), phone).toBe(true);
      expect(isValidPhone(phone), phone).toBe(true);
    }
  });

  it("accepts what people write and the package refuses: trunk 0, carrier codes, 0800", () => {
    // Were we to adopt the package, these would start failing forms that pass today.
    for (const phone of ["011 98765-4321", "015 11 3456-7890", "0800 123 4567"]) {
      expect(phoneDigitsOk(phone), phone).toBe(true);
      expect(isValidPhone(phone), phone).toBe(false);
    }
  });

  it("refuses numbers without a DDD and overlong ones", () => {
    for (const phone of ["98765-4321", "3456-7890", "", "55 011 98765-4321 0"]) expect(phoneDigitsOk(phone), phone).toBe(false);
  });
});

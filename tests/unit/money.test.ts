import { describe, expect, it } from "vitest";
import { centsToInput, parseBRLToCents, PRICE_MESSAGES } from "~/lib/money";

const cents = (text: string) => {
  const result = parseBRLToCents(text);
  return result.ok ? result.cents : result.error;
};

describe("parseBRLToCents", () => {
  it("reads the ways people in Brazil type a price", () => {
    expect(cents("49,90")).toBe(4990);
    expect(cents("49.90")).toBe(4990);
    expect(cents("R$ 1.234,56")).toBe(123456);
    expect(cents("R$1.234,56")).toBe(123456);
    expect(cents("r$ 49,90")).toBe(4990);
    expect(cents("1234")).toBe(123400);
    expect(cents("1.234")).toBe(123400);
    expect(cents("234.567,8")).toBe(23456780);
    expect(cents("1,234.56")).toBe(123456);
    expect(cents(" 49,9 ")).toBe(4990);
    expect(cents("0")).toBe(0);
    expect(cents("0,5")).toBe(50);
    expect(cents(",50")).toBe(50);
    expect(cents("R$\u00a059,90")).toBe(5990);
  });

  it("refuses what is not a price, with the reason", () => {
    expect(cents("")).toBe(PRICE_MESSAGES.required);
    expect(cents("R$ ")).toBe(PRICE_MESSAGES.required);
    expect(cents("-1")).toBe(PRICE_MESSAGES.negative);
    expect(cents("49,999")).toBe(PRICE_MESSAGES.decimals);
    expect(cents("49.999,1")).toBe(4999910);
    expect(cents("abc")).toBe(PRICE_MESSAGES.invalid);
    expect(cents("1e5")).toBe(PRICE_MESSAGES.invalid);
    expect(cents("12,34,56")).toBe(PRICE_MESSAGES.invalid);
    expect(cents("1.23.456")).toBe(PRICE_MESSAGES.invalid);
    expect(cents("1,2.3")).toBe(PRICE_MESSAGES.invalid);
    expect(cents("49,")).toBe(PRICE_MESSAGES.invalid);
    expect(cents(".")).toBe(PRICE_MESSAGES.invalid);
    expect(cents("Infinity")).toBe(PRICE_MESSAGES.invalid);
    expect(cents("NaN")).toBe(PRICE_MESSAGES.invalid);
  });

  it("caps the price at R$ 1.000.000,00", () => {
    expect(cents("1.000.000,00")).toBe(100_000_000);
    expect(cents("1.000.000,01")).toBe(PRICE_MESSAGES.tooHigh);
    expect(cents("9".repeat(30))).toBe(PRICE_MESSAGES.tooHigh);
  });

  it("writes cents back as the form's text", () => {
    expect(centsToInput(5990)).toBe("59,90");
    expect(centsToInput(5)).toBe("0,05");
    expect(centsToInput(123456)).toBe("1234,56");
    expect(cents(centsToInput(123456))).toBe(123456);
  });
});

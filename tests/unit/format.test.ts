import { describe, expect, it } from "vitest";
import {
  brasiliaNow,
  currentYear,
  formatBRL,
  formatCount,
  formatDayAndMonth,
  formatLongDate,
  formatLongDateTime,
  formatShortDate,
  formatTime,
} from "~/lib/format";

describe("pt-BR formatting", () => {
  it("formats centavos as Brazilian reais", () => {
    expect(formatBRL(4990)).toBe("R$ 49,90");
    expect(formatBRL(123456)).toBe("R$ 1.234,56");
    expect(formatBRL(0)).toBe("R$ 0,00");
  });

  it("formats counts with pt-BR thousands separators", () => {
    expect(formatCount(5000)).toBe("5.000");
  });

  it("formats event dates the spec's way", () => {
    expect(formatLongDate("2026-12-05T14:30")).toBe("05 de dezembro de 2026");
    expect(formatTime("2026-12-05T09:05")).toBe("09:05");
    expect(formatLongDateTime("2026-12-05T09:05")).toBe("05 de dezembro de 2026 às 09:05");
    expect(formatDayAndMonth("2026-03-07T10:00")).toEqual({ day: "07", month: "mar" });
  });

  it("reads wall-clock time in Brasília, whatever the machine's zone", () => {
    // 02:30 UTC is still the previous evening in Brasília (UTC-3).
    const instant = new Date("2027-01-01T02:30:00Z");
    expect(brasiliaNow(instant)).toBe("2026-12-31T23:30");
    expect(currentYear(instant)).toBe(2026);
    expect(formatShortDate(instant)).toBe("31/12/2026");
  });
});

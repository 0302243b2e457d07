import { describe, expect, it } from "vitest";
import {
  brasiliaNow,
  currentYear,
  formatBRL,
  formatCount,
  formatDayAndMonth,
  formatLongDate,
  formatLongDateTime,
  weekendRange,
  formatShortDate,
  formatTime,
  eventTime,
  formatEventDate,
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
    // With the weekday (docs/decisions/0033 §6): 5 December 2026 is a Saturday.
    expect(formatLongDate("2026-12-05T14:30")).toBe("sáb., 05 de dezembro de 2026");
    expect(formatLongDate("2026-11-29T10:00")).toBe("dom., 29 de novembro de 2026");
    expect(formatLongDate("2027-01-01")).toBe("sex., 01 de janeiro de 2027");
    expect(formatTime("2026-12-05T09:05")).toBe("09:05");
    expect(formatLongDateTime("2026-12-05T09:05")).toBe("sáb., 05 de dezembro de 2026 às 09:05");
    expect(formatDayAndMonth("2026-03-07T10:00")).toEqual({ day: "07", month: "mar" });
  });

  it("an event without a time shows none", () => {
    expect(eventTime("2026-12-05T09:05")).toBe("09:05");
    expect(eventTime("2026-12-05T00:00")).toBeNull();
    expect(formatEventDate("2026-12-05T09:05")).toBe("sáb., 05 de dezembro de 2026, 09:05");
    expect(formatEventDate("2026-12-05T00:00")).toBe("sáb., 05 de dezembro de 2026");
  });

  it("reads wall-clock time in Brasília, whatever the machine's zone", () => {
    // 02:30 UTC is still the previous evening in Brasília (UTC-3).
    const instant = new Date("2027-01-01T02:30:00Z");
    expect(brasiliaNow(instant)).toBe("2026-12-31T23:30");
    expect(currentYear(instant)).toBe(2026);
    expect(formatShortDate(instant)).toBe("31/12/2026");
  });
  it("finds this weekend: from today or the coming Saturday, up to the Monday after", () => {
    // 2026-11-24 is a Tuesday; the 28th a Saturday.
    expect(weekendRange("2026-11-24T00:00")).toEqual({ from: "2026-11-28T00:00", before: "2026-11-30T00:00" });
    expect(weekendRange("2026-11-27T00:00")).toEqual({ from: "2026-11-28T00:00", before: "2026-11-30T00:00" });
    expect(weekendRange("2026-11-28T00:00")).toEqual({ from: "2026-11-28T00:00", before: "2026-11-30T00:00" });
    expect(weekendRange("2026-11-29T00:00")).toEqual({ from: "2026-11-29T00:00", before: "2026-11-30T00:00" });
    // Across a month and a year.
    expect(weekendRange("2026-12-30T00:00")).toEqual({ from: "2027-01-02T00:00", before: "2027-01-04T00:00" });
  });
});

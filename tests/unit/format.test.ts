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
  formatTimeAgo,
  formatDistance,
  timeAgoDateTime,
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

  it("says how long ago, in Portuguese, singular and plural", () => {
    const now = new Date("2026-11-27T12:00:00Z");
    const ago = (seconds: number) => formatTimeAgo(new Date(now.getTime() - seconds * 1000), now);
    expect(ago(0)).toBe("agora mesmo");
    expect(ago(59)).toBe("agora mesmo");
    // A clock a little ahead (another server) is still now.
    expect(ago(-30)).toBe("agora mesmo");
    expect(ago(60)).toBe("há 1 minuto");
    expect(ago(119)).toBe("há 1 minuto");
    expect(ago(45 * 60)).toBe("há 45 minutos");
    expect(ago(3600)).toBe("há 1 hora");
    expect(ago(2 * 3600 + 59 * 60)).toBe("há 2 horas");
    expect(ago(86_400)).toBe("há 1 dia");
    expect(ago(3 * 86_400)).toBe("há 3 dias");
    expect(ago(29 * 86_400)).toBe("há 29 dias");
    expect(ago(30 * 86_400)).toBe("há 1 mês");
    expect(ago(65 * 86_400)).toBe("há 2 meses");
    expect(ago(364 * 86_400)).toBe("há 11 meses");
    expect(ago(365 * 86_400)).toBe("há 1 ano");
    expect(ago(3 * 365 * 86_400)).toBe("há 3 anos");
    // Loader data may carry the date as a number or an ISO text.
    expect(formatTimeAgo(now.getTime() - 7_200_000, now)).toBe("há 2 horas");
    expect(formatTimeAgo("2026-11-24T12:00:00.000Z", now)).toBe("há 3 dias");
    // The machine-readable date of the <time>, to the minute (a valid HTML date and time).
    expect(timeAgoDateTime(new Date("2026-11-27T09:41:07.123Z"))).toBe("2026-11-27T09:41Z");
  });

  it("says how far a card's place is from the city the visitor gave", () => {
    // The city itself is 0 km in municipality_neighbours: not 'a 0 km'.
    expect(formatDistance(0)).toBe("na cidade");
    expect(formatDistance(0.4)).toBe("a menos de 1 km");
    expect(formatDistance(1)).toBe("a 1 km");
    expect(formatDistance(4.6)).toBe("a 5 km");
    expect(formatDistance(12.49)).toBe("a 12 km");
    expect(formatDistance(49.7)).toBe("a 50 km");
    expect(formatDistance(1234.4)).toBe("a 1.234 km");
  });
});

// The month and weekday names come from the runtime's ICU (`Intl.DateTimeFormat('pt-BR')`,
// app/lib/format.ts): pages are rendered in workerd, the unit tests run in Node, and both
// must write them as the spec does (docs/decisions/0005).
import { describe, expect, it } from "vitest";
import { formatDayAndMonth, formatLongDate } from "~/lib/format";

const MONTHS = [
  "janeiro",
  "fevereiro",
  "março",
  "abril",
  "maio",
  "junho",
  "julho",
  "agosto",
  "setembro",
  "outubro",
  "novembro",
  "dezembro",
];

describe("pt-BR date names in the Workers runtime", () => {
  it("writes every month in full, and its first three letters on a card's badge", () => {
    MONTHS.forEach((month, i) => {
      const date = `2027-${String(i + 1).padStart(2, "0")}-10T09:00`;
      expect(formatLongDate(date)).toMatch(new RegExp(`^[a-zá]{3}\\., 10 de ${month} de 2027$`));
      expect(formatDayAndMonth(date)).toEqual({ day: "10", month: month.slice(0, 3) });
    });
  });

  it("abbreviates the weekdays, Sunday to Saturday", () => {
    // 2026-11-29 is a Sunday.
    const days = [29, 30].map((d) => `2026-11-${d}`).concat([1, 2, 3, 4, 5].map((d) => `2026-12-0${d}`));
    expect(days.map((day) => formatLongDate(day).split(",")[0])).toEqual(["dom.", "seg.", "ter.", "qua.", "qui.", "sex.", "sáb."]);
    expect(formatLongDate("2026-03-07T10:00")).toBe("sáb., 07 de março de 2026");
  });
});

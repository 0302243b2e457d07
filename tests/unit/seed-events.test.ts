import { describe, expect, it } from "vitest";
import { eventDate } from "../../scripts/seed/build.mjs";
import { EVENTS } from "../../scripts/seed/data.mjs";

const WEEKDAYS: Record<string, number> = { Domingo: 0, Sábado: 6 };

describe("the seed's events", () => {
  it("an event whose title names a day falls on that day, whatever day the seed runs", () => {
    const named = EVENTS.filter((e) => Object.keys(WEEKDAYS).some((day) => String(e.title).includes(day)));
    expect(named.map((e) => e.title)).toContain("Feira de Adoção de Sábado no Parque");
    // Seven consecutive seeding days, at 12:00 UTC (09:00 in Brasília).
    for (let i = 0; i < 7; i++) {
      const now = Date.UTC(2026, 10, 23 + i, 12);
      for (const event of named) {
        const date = eventDate(event, now);
        const weekday = new Date(`${date.slice(0, 10)}T00:00Z`).getUTCDay();
        const expected = Object.entries(WEEKDAYS).find(([day]) => String(event.title).includes(day))![1];
        expect(weekday, `${event.title} seeded on ${new Date(now).toISOString()}: ${date}`).toBe(expected);
        // Still upcoming: after the seeding day.
        expect(date.slice(0, 10) > new Date(now - 3 * 3600 * 1000).toISOString().slice(0, 10)).toBe(true);
      }
    }
  });
});

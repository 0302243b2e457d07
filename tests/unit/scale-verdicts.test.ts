// bench:scale's verdicts come from the measured figures (docs/decisions/0050): the D1 bill,
// the projection, the instant alerts' cap and the quiet-machine rule, checked on numbers
// worked out by hand.
import { describe, expect, test } from "vitest";
import {
  atMost,
  cappedDailyMails,
  d1MonthlyCost,
  durableObjectsMonthlyCost,
  projectedBytes,
  quietMachine,
  retainedRows,
  TARGETS,
  under,
  verdictLine,
} from "../../scripts/scale-verdicts";

describe("bench:scale: vereditos", () => {
  test("a conta dos Durable Objects além do plano: pedidos, duração e linhas além das franquias", () => {
    // 1.5 million calls a day: 45.6 million a month, 44.6 million beyond the included million at $0.15.
    const cost = durableObjectsMonthlyCost({ requests: 1.5e6, gbSeconds: 2_000, rowsWritten: 2e6 }, 1e9);
    expect(cost.requests).toBeCloseTo(((1.5e6 * 30.4 - 1e6) / 1e6) * 0.15, 6);
    // 60,800 GB-s and 60.8 million rows a month: the duration within its 400,000, the rows 10.8 million beyond.
    expect(cost.duration).toBe(0);
    expect(cost.rowsWritten).toBeCloseTo(10.8, 6);
    expect(cost.storage).toBe(0);
    expect(cost.total).toBeCloseTo(cost.requests + 10.8, 6);
  });
  test("a conta do D1 além do plano: linhas lidas e escritas além das incluídas, e o armazenamento além de 5 GB", () => {
    // The run of 0040: 13.52 billion read and 9.5 million written a day (its $626 came from the unrounded figures).
    const before = d1MonthlyCost({ rowsRead: 13.52e9, rowsWritten: 9.5e6 }, 0);
    expect(before.rowsRead).toBeCloseTo((13.52e9 * 30.4 - 25e9) / 1e9, 6);
    expect(before.rowsWritten).toBeCloseTo((9.5e6 * 30.4 - 50e6) / 1e6, 6);
    expect(Math.round(before.total)).toBe(625);
    // Within the included rows nothing is billed; 7 GB stored bills 2 GB at $0.75.
    const within = d1MonthlyCost({ rowsRead: 0.5e9, rowsWritten: 1e6 }, 7e9);
    expect(within.rowsRead).toBe(0);
    expect(within.rowsWritten).toBe(0);
    expect(within.storage).toBeCloseTo(1.5, 6);
    expect(within.total).toBeCloseTo(1.5, 6);
  });

  test("a projeção soma linhas × bytes; a retenção guarda no máximo a janela", () => {
    expect(
      projectedBytes([
        { what: "a", rows: 1000, bytesPerRow: 10, basis: "" },
        { what: "b", rows: 2, bytesPerRow: 500, basis: "" },
      ]),
    ).toBe(11_000);
    expect(retainedRows(100_000, 120, 3 * 365)).toBe(12_000_000);
    expect(retainedRows(10, 2000, 3 * 365)).toBe(10_950);
  });

  test("os alertas imediatos do dia: no máximo o teto por endereço", () => {
    expect(cappedDailyMails(2_400_000, 310_000, 3)).toBe(930_000);
    expect(cappedDailyMails(500_000, 310_000, 3)).toBe(500_000);
  });

  test("um veredito só é cumprido com números medidos dentro do alvo", () => {
    expect(atMost([7.9e9, 8e9], TARGETS.databaseBytes)).toBe(true);
    expect(atMost([7.9e9, 8.01e9], TARGETS.databaseBytes)).toBe(false);
    expect(atMost([Number.NaN], TARGETS.databaseBytes)).toBe(false);
    expect(atMost([], TARGETS.databaseBytes)).toBe(false);
    expect(under([99.99], TARGETS.monthlyCost)).toBe(true);
    expect(under([100], TARGETS.monthlyCost)).toBe(false);
    expect(verdictLine({ target: "the digest", met: false, measured: "3,094 rows" })).toBe("- the digest: **missed** (3,094 rows).");
  });

  test("máquina quieta: carga de 1 minuto abaixo de 0,5 por núcleo no início e de 1 por núcleo no fim", () => {
    expect(quietMachine(0.4, 1.1, 2)).toBe(true);
    expect(quietMachine(1.0, 1.1, 2)).toBe(false);
    expect(quietMachine(0.4, 2.0, 2)).toBe(false);
  });
});

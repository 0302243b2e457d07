// pt-BR formatting shared by every page (docs/decisions/0005). No date library: event
// dates are already Brasília wall-clock text, so formatting them is slicing and a table
// of month names, which keeps these helpers out of the browser's bundle weight
// (docs/decisions/0020-javascript-budget.md).

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
const integer = new Intl.NumberFormat("pt-BR");

/** 4990 centavos -> "R$ 49,90". */
export function formatBRL(cents: number): string {
  return brl.format(cents / 100).replace(/\u00a0/g, " ");
}

export function formatCount(value: number): string {
  return integer.format(value);
}

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

/** The parts of an event date, Brasília wall-clock text 'yyyy-MM-ddTHH:mm'. */
function partsOf(value: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(value);
  if (!match) return null;
  const [, year, month, day, hour = "00", minute = "00"] = match;
  const monthIndex = Number(month) - 1;
  if (monthIndex < 0 || monthIndex > 11) return null;
  return { year: year!, monthIndex, day: day!, hour, minute };
}

/** '2026-12-05T14:30' -> '05 de dezembro de 2026' (date-fns' 'dd de MMMM de yyyy'). */
export function formatLongDate(value: string): string {
  const parts = partsOf(value);
  return parts ? `${parts.day} de ${MONTHS[parts.monthIndex]} de ${parts.year}` : value;
}

/** '2026-12-05T14:30' -> '14:30'. */
export function formatTime(value: string): string {
  const parts = partsOf(value);
  return parts ? `${parts.hour}:${parts.minute}` : "";
}

/** '2026-12-05T14:30' -> '05 de dezembro de 2026 às 14:30'. */
export function formatLongDateTime(value: string): string {
  return `${formatLongDate(value)} às ${formatTime(value)}`;
}

/** '2026-12-05T14:30' -> 'dez' and '05', for the date badge on event cards. */
export function formatDayAndMonth(value: string): { day: string; month: string } {
  const parts = partsOf(value);
  return parts ? { day: parts.day, month: MONTHS[parts.monthIndex]!.slice(0, 3) } : { day: "", month: "" };
}

/** A pt-BR short date for a timestamp, in Brasília time: '23/11/2026'. */
export function formatShortDate(date: Date): string {
  return new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo" }).format(date);
}

/** Now as Brasília wall-clock text, comparable with event dates. */
export function brasiliaNow(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Sao_Paulo",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  return `${get("year")}-${get("month")}-${get("day")}T${get("hour")}:${get("minute")}`;
}

/** The start of today in Brasília ('yyyy-MM-ddT00:00'): events of today still count as upcoming. */
export function brasiliaToday(now: Date = new Date()): string {
  return `${brasiliaNow(now).slice(0, 10)}T00:00`;
}

/** The current year in Brasília, for the footer. */
export function currentYear(now: Date = new Date()): number {
  return Number(brasiliaNow(now).slice(0, 4));
}

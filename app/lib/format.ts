// pt-BR formatting shared by every page (docs/decisions/0005). No date library: event
// dates are already Brasília wall-clock text, so formatting them is slicing, and the
// month and weekday names come from the platform's `Intl.DateTimeFormat('pt-BR')`, which
// keeps these helpers out of the browser's bundle weight
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

// Names only, of a calendar date at UTC midnight: the text is already Brasília's.
const monthName = new Intl.DateTimeFormat("pt-BR", { month: "long", timeZone: "UTC" });
/** Abbreviated as pt-BR writes them: 'dom.', 'seg.', … 'sáb.'. */
const weekdayName = new Intl.DateTimeFormat("pt-BR", { weekday: "short", timeZone: "UTC" });

/** 'janeiro' … 'dezembro'. */
function monthOf(monthIndex: number): string {
  return monthName.format(Date.UTC(2000, monthIndex, 1));
}

/** The parts of an event date, Brasília wall-clock text 'yyyy-MM-ddTHH:mm'. */
function partsOf(value: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(value);
  if (!match) return null;
  const [, year, month, day, hour = "00", minute = "00"] = match;
  const monthIndex = Number(month) - 1;
  if (monthIndex < 0 || monthIndex > 11) return null;
  return { year: year!, monthIndex, day: day!, hour, minute };
}

/** The weekday of a calendar date (no time zone involved: the date is already Brasília's). */
function weekdayOf(parts: { year: string; monthIndex: number; day: string }): string {
  return weekdayName.format(Date.UTC(Number(parts.year), parts.monthIndex, Number(parts.day)));
}

/**
 * '2026-12-05T14:30' -> 'sáb., 05 de dezembro de 2026': the weekday first, so that a
 * weekend event shows as one (docs/decisions/0033 §6).
 */
export function formatLongDate(value: string): string {
  const parts = partsOf(value);
  return parts ? `${weekdayOf(parts)}, ${parts.day} de ${monthOf(parts.monthIndex)} de ${parts.year}` : value;
}

/** '2026-12-05T14:30' -> '14:30'. */
export function formatTime(value: string): string {
  const parts = partsOf(value);
  return parts ? `${parts.hour}:${parts.minute}` : "";
}

/**
 * An event stored without a time gets this one (its date stays one sortable text); it is
 * never shown: such an event shows its date only (docs/decisions/0016).
 */
export const NO_EVENT_TIME = "00:00";

/** An event's time ('14:30'), or null when it was published without one. */
export function eventTime(date: string): string | null {
  const time = formatTime(date);
  return time && time !== NO_EVENT_TIME ? time : null;
}

/** An event's date, with its time when it has one: 'sáb., 05 de dezembro de 2026, 14:30'. */
export function formatEventDate(date: string): string {
  const time = eventTime(date);
  return time ? `${formatLongDate(date)}, ${time}` : formatLongDate(date);
}

/** '2026-12-05T14:30' -> 'sáb., 05 de dezembro de 2026 às 14:30'. */
export function formatLongDateTime(value: string): string {
  return `${formatLongDate(value)} às ${formatTime(value)}`;
}

/** '2026-12-05T14:30' -> 'dez' and '05', for the date badge on event cards. */
export function formatDayAndMonth(value: string): { day: string; month: string } {
  const parts = partsOf(value);
  return parts ? { day: parts.day, month: monthOf(parts.monthIndex).slice(0, 3) } : { day: "", month: "" };
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

/**
 * 'Este fim de semana' on /eventos (docs/decisions/0033 §6): from `today` (Brasília,
 * 'yyyy-MM-ddT00:00') or the coming Saturday, whichever is later, up to (not including)
 * the Monday after. On a Sunday, the rest of that Sunday.
 */
export function weekendRange(today: string): { from: string; before: string } {
  const [year, month, day] = today.slice(0, 10).split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const weekday = date.getUTCDay();
  const daysToSaturday = weekday === 0 ? -1 : 6 - weekday;
  const at = (offset: number) => new Date(date.getTime() + offset * 86_400_000).toISOString().slice(0, 10) + "T00:00";
  return { from: daysToSaturday > 0 ? at(daysToSaturday) : today, before: at(daysToSaturday + 2) };
}

/** 'há 1 hora', 'há 2 horas': the count and the unit, singular or plural. */
function ago(count: number, one: string, many: string): string {
  return `há ${count} ${count === 1 ? one : many}`;
}

/**
 * How long ago an item was posted, for its card (docs/decisions/0041): 'agora mesmo',
 * 'há 1 minuto', 'há 2 horas', 'há 3 dias', 'há 2 meses', 'há 1 ano'. A month is 30 days,
 * a year 365: a card's age is a glance, not a calendar. A date a little in the future (a
 * clock ahead) is now.
 */
export function formatTimeAgo(date: Date | number | string, now: Date = new Date()): string {
  const seconds = Math.floor((now.getTime() - new Date(date).getTime()) / 1000);
  if (!(seconds >= 60)) return "agora mesmo";
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return ago(minutes, "minuto", "minutos");
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return ago(hours, "hora", "horas");
  const days = Math.floor(hours / 24);
  if (days < 30) return ago(days, "dia", "dias");
  if (days < 365) return ago(Math.min(11, Math.floor(days / 30)), "mês", "meses");
  return ago(Math.floor(days / 365), "ano", "anos");
}

/** The `dateTime` of a card's time ago, to the minute: '2026-11-27T09:41Z' (fewer bytes a card). */
export function timeAgoDateTime(date: Date | number | string): string {
  return `${new Date(date).toISOString().slice(0, 16)}Z`;
}

/**
 * How far a card's municipality is from the city the visitor gave, seat to seat
 * (docs/decisions/0032, 0041): 'a 12 km'. The city itself is 0 km in the table: 'na cidade'.
 */
export function formatDistance(km: number): string {
  if (km === 0) return "na cidade";
  if (km < 0.5) return "a menos de 1 km";
  return `a ${integer.format(Math.round(km))} km`;
}

/** The current year in Brasília, for the footer. */
export function currentYear(now: Date = new Date()): number {
  return Number(brasiliaNow(now).slice(0, 4));
}

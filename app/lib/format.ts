// pt-BR formatting shared by every page (docs/decisions/0005: date-fns pt-BR, Intl BRL).
import { format, parse } from "date-fns";
import { ptBR } from "date-fns/locale";

const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
const integer = new Intl.NumberFormat("pt-BR");

/** 4990 centavos -> "R$ 49,90". */
export function formatBRL(cents: number): string {
  return brl.format(cents / 100).replace(/\u00a0/g, " ");
}

export function formatCount(value: number): string {
  return integer.format(value);
}

/** Event dates are Brasília wall-clock text, 'yyyy-MM-ddTHH:mm'. */
export function parseLocalDateTime(value: string): Date {
  return parse(value.slice(0, 16), "yyyy-MM-dd'T'HH:mm", new Date(0));
}

/** '2026-12-05T14:30' -> '05 de dezembro de 2026'. */
export function formatLongDate(value: string): string {
  return format(parseLocalDateTime(value), "dd 'de' MMMM 'de' yyyy", { locale: ptBR });
}

/** '2026-12-05T14:30' -> '14:30'. */
export function formatTime(value: string): string {
  return format(parseLocalDateTime(value), "HH:mm", { locale: ptBR });
}

/** '2026-12-05T14:30' -> 'dez' and '05', for the date badge on event cards. */
export function formatDayAndMonth(value: string): { day: string; month: string } {
  const date = parseLocalDateTime(value);
  return {
    day: format(date, "dd", { locale: ptBR }),
    month: format(date, "MMM", { locale: ptBR }).replace(".", ""),
  };
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

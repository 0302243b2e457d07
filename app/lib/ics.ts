// An iCalendar (RFC 5545) VEVENT for 'Adicionar à agenda'. Event dates are Brasília
// wall-clock text (docs/decisions/0005); Brasília has had no daylight saving time since
// 2019, so the UTC instant is the wall clock plus 3 hours (docs/decisions/0016).

import { eventTime } from "./format";

const BRASILIA_OFFSET_HOURS = 3;
export const DEFAULT_EVENT_DURATION_HOURS = 2;

/** Escapes TEXT values: backslash, semicolon, comma and line breaks (RFC 5545 §3.3.11). */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** Folds a content line at 75 octets, never inside a UTF-8 character (RFC 5545 §3.1). */
export function foldIcsLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    // The first line holds 75 octets; the following ones 74 after their leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** '2027-03-15T14:30' (Brasília) -> '20270315T173000Z'. */
export function brasiliaToUtcStamp(value: string, plusHours = 0): string {
  const [date, time = "00:00"] = value.split("T");
  const [y, m, d] = date!.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  const instant = new Date(Date.UTC(y!, m! - 1, d!, hh! + BRASILIA_OFFSET_HOURS + plusHours, mm!));
  return utcStamp(instant);
}

export function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

/** 'yyyy-MM-dd…' -> 'yyyyMMdd', `plusDays` later (a DATE value, RFC 5545 §3.3.4). */
function icsDate(value: string, plusDays = 0): string {
  const [y, m, d] = value.slice(0, 10).split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + plusDays)).toISOString().slice(0, 10).replace(/-/g, "");
}

/** Start and end: an event without a time is an all-day one, not 00:00 to 02:00 (0016). */
function icsWhen(date: string): string[] {
  if (eventTime(date) === null) return [`DTSTART;VALUE=DATE:${icsDate(date)}`, `DTEND;VALUE=DATE:${icsDate(date, 1)}`];
  return [`DTSTART:${brasiliaToUtcStamp(date)}`, `DTEND:${brasiliaToUtcStamp(date, DEFAULT_EVENT_DURATION_HOURS)}`];
}

export interface IcsEvent {
  id: number;
  title: string;
  description: string;
  location: string;
  date: string;
  url: string;
  host: string;
}

export function eventToIcs(event: IcsEvent, now: Date = new Date()): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Patas Conectadas//Eventos//PT-BR",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:evento-${event.id}@${event.host}`,
    `DTSTAMP:${utcStamp(now)}`,
    ...icsWhen(event.date),
    `SUMMARY:${escapeIcsText(event.title)}`,
    `LOCATION:${escapeIcsText(event.location)}`,
    `DESCRIPTION:${escapeIcsText(event.description)}`,
    `URL:${event.url}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldIcsLine).join("\r\n")}\r\n`;
}

/**
 * A small iCalendar (RFC 5545) writer, shared by the server's calendar feed and the web lesson
 * page's "add to calendar" file: text escaping, UTC date-times, line folding at 75 octets (whole
 * UTF-8 characters only) and CRLF line ends.
 */

export interface IcsEvent {
  /** Globally unique and stable: the same lesson keeps its UID across every fetch. */
  uid: string;
  start: Date;
  end: Date;
  created: Date;
  lastModified: Date;
  /** Grows whenever the event changes, so subscribers take the newer version. */
  sequence: number;
  summary: string;
  description: string;
  url: string;
  status: 'CONFIRMED' | 'CANCELLED';
}

export interface IcsCalendar {
  prodId: string;
  name: string;
  /** IANA zone the calendar is meant for (X-WR-TIMEZONE); the times themselves are UTC. */
  timeZone: string;
  /** DTSTAMP of every event: when this document was made (a METHOD is present). */
  stamp: Date;
  events: IcsEvent[];
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** TEXT values: backslash, semicolon and comma escaped, new lines as `\n`. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** `YYYYMMDDTHHMMSSZ`, in UTC. */
export function icsDateTime(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

const utf8 = new TextEncoder();
const octets = (text: string): number => utf8.encode(text).length;

/**
 * Folds one content line: at most 75 octets per physical line, each continuation starting with
 * one space (which counts). Breaks fall between characters (code points), never inside one.
 */
export function foldLine(line: string): string {
  if (octets(line) <= MAX_OCTETS) return line;
  const lines: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const charSize = octets(char);
    if (size + charSize > MAX_OCTETS) {
      lines.push(current);
      current = ` ${char}`;
      size = 1 + charSize;
    } else {
      current += char;
      size += charSize;
    }
  }
  lines.push(current);
  return lines.join(CRLF);
}

function eventLines(event: IcsEvent, stamp: Date): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${icsDateTime(stamp)}`,
    `DTSTART:${icsDateTime(event.start)}`,
    `DTEND:${icsDateTime(event.end)}`,
    `CREATED:${icsDateTime(event.created)}`,
    `LAST-MODIFIED:${icsDateTime(event.lastModified)}`,
    `SEQUENCE:${event.sequence}`,
    `STATUS:${event.status}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    // URI values are not TEXT: no escaping (a URL never holds a new line).
    `URL:${event.url}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ];
}

/** The whole document, CRLF line ends (the last line too). */
export function writeCalendar(calendar: IcsCalendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    `PRODID:${calendar.prodId}`,
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    `X-WR-TIMEZONE:${calendar.timeZone}`,
    ...calendar.events.flatMap((event) => eventLines(event, calendar.stamp)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

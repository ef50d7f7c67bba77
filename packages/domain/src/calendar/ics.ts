/**
 * A small iCalendar (RFC 5545) writer, shared by the server's calendar feed, the web lesson
 * page's "add to calendar" file and the lesson confirmation e-mails' invitations (RFC 5546
 * REQUEST and CANCEL): text escaping, UTC date-times, line folding at 75 octets (whole UTF-8
 * characters only) and CRLF line ends.
 */

/** Someone an invitation names: the organizer, or an attendee. */
export interface IcsPerson {
  name: string;
  email: string;
}

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
  /** Invitations (METHOD REQUEST or CANCEL) name who sends them and to whom. */
  organizer?: IcsPerson;
  attendees?: IcsPerson[];
}

/**
 * PUBLISH: a feed or a file to import. REQUEST: an invitation (a new or moved event, the higher
 * SEQUENCE wins); CANCEL: the event of that UID is withdrawn (RFC 5546).
 */
export type IcsMethod = 'PUBLISH' | 'REQUEST' | 'CANCEL';

export interface IcsCalendar {
  prodId: string;
  name: string;
  /** IANA zone the calendar is meant for (X-WR-TIMEZONE); the times themselves are UTC. */
  timeZone: string;
  /** DTSTAMP of every event: when this document was made (a METHOD is present). */
  stamp: Date;
  /** PUBLISH when left out. */
  method?: IcsMethod;
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

/** A parameter value: quoted (names may hold `:` `;` `,`), which may not hold a quote itself. */
const paramValue = (value: string): string => `"${value.replace(/["\r\n]/g, '')}"`;

function personLines(event: IcsEvent): string[] {
  const lines: string[] = [];
  if (event.organizer) {
    lines.push(`ORGANIZER;CN=${paramValue(event.organizer.name)}:mailto:${event.organizer.email}`);
  }
  for (const attendee of event.attendees ?? []) {
    // Our invitations ask for no answer: the booking already stands.
    lines.push(
      `ATTENDEE;CN=${paramValue(attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:${attendee.email}`,
    );
  }
  return lines;
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
    ...personLines(event),
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
    `METHOD:${calendar.method ?? 'PUBLISH'}`,
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    `X-WR-TIMEZONE:${calendar.timeZone}`,
    ...calendar.events.flatMap((event) => eventLines(event, calendar.stamp)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

// ---------------------------------------------------------------------------------------------
// Lessons

/** SEQUENCE counts seconds from here, so it stays a small integer for a long time. */
const LESSON_SEQUENCE_EPOCH = Date.UTC(2025, 0, 1);

/**
 * A lesson's UID, the same in the feed, the web page's file and the confirmation e-mails, so a
 * calendar that has several keeps one event.
 */
export const lessonEventUid = (lessonId: number, host: string): string =>
  `lesson-${String(lessonId)}@${host}`;

/** A lesson's SEQUENCE as of its last change `at`: later changes count higher. */
export const lessonSequence = (at: Date): number =>
  Math.max(0, Math.floor((at.getTime() - LESSON_SEQUENCE_EPOCH) / 1000));

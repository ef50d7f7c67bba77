import { describe, expect, it } from 'vitest';
import {
  escapeText,
  foldLine,
  icsDateTime,
  lessonEventUid,
  lessonSequence,
  writeCalendar,
} from '@talaqa/domain';
import type { IcsEvent } from '@talaqa/domain';

const octets = (text: string): number => Buffer.byteLength(text, 'utf8');

describe('escapeText', () => {
  it('escapes backslash, semicolon, comma and new lines', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });
});

describe('icsDateTime', () => {
  it('writes UTC as YYYYMMDDTHHMMSSZ', () => {
    expect(icsDateTime(new Date('2030-01-09T10:05:07.123Z'))).toBe('20300109T100507Z');
  });
});

describe('foldLine', () => {
  it('keeps a short line', () => {
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
  });

  it('folds ASCII at 75 octets, continuations starting with a space', () => {
    const line = `DESCRIPTION:${'x'.repeat(200)}`;
    const parts = foldLine(line).split('\r\n');
    expect(parts.length).toBeGreaterThan(2);
    expect(parts.every((part) => octets(part) <= 75)).toBe(true);
    expect(octets(parts[0] ?? '')).toBe(75);
    expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(parts.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(line);
  });

  it('never splits a multi-byte character (Arabic, emoji)', () => {
    const line = `SUMMARY:${'درس إنجليزي مع أحمد '.repeat(8)}😀😀😀`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.every((part) => octets(part) <= 75)).toBe(true);
    // Each physical line is valid UTF-8 on its own: re-encoding changes nothing.
    for (const part of parts) {
      expect(Buffer.from(part, 'utf8').toString('utf8')).toBe(part);
      expect(part).not.toMatch(/[\uD800-\uDBFF]$/);
    }
    expect(parts.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(line);
  });
});

describe('writeCalendar', () => {
  const event: IcsEvent = {
    uid: 'lesson-7@talaqa.test',
    start: new Date('2030-01-09T10:00:00Z'),
    end: new Date('2030-01-09T10:30:00Z'),
    created: new Date('2030-01-01T08:00:00Z'),
    lastModified: new Date('2030-01-02T08:00:00Z'),
    sequence: 3,
    summary: 'درس إنجليزي مع سارة, أحمد; و\\ غيرهم',
    description: 'السطر الأول\nhttps://talaqa.test/lesson/7',
    url: 'https://talaqa.test/lesson/7',
    status: 'CANCELLED',
  };
  const text = writeCalendar({
    prodId: '-//Talaqa//Lessons//AR',
    name: 'دروس طلاقة',
    timeZone: 'Africa/Cairo',
    stamp: new Date('2030-01-05T00:00:00Z'),
    events: [event],
  });

  it('is a VCALENDAR with CRLF line ends, folded lines only', () => {
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(text.split('\r\n').every((line) => octets(line) <= 75)).toBe(true);
  });

  it('writes the header and the event in UTC with its escaped texts', () => {
    const unfolded = text.replace(/\r\n /g, '');
    const lines = unfolded.split('\r\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'PRODID:-//Talaqa//Lessons//AR',
        'VERSION:2.0',
        'CALSCALE:GREGORIAN',
        'METHOD:PUBLISH',
        'X-WR-CALNAME:دروس طلاقة',
        'X-WR-TIMEZONE:Africa/Cairo',
        'BEGIN:VEVENT',
        'UID:lesson-7@talaqa.test',
        'DTSTAMP:20300105T000000Z',
        'DTSTART:20300109T100000Z',
        'DTEND:20300109T103000Z',
        'SEQUENCE:3',
        'STATUS:CANCELLED',
        'SUMMARY:درس إنجليزي مع سارة\\, أحمد\\; و\\\\ غيرهم',
        'DESCRIPTION:السطر الأول\\nhttps://talaqa.test/lesson/7',
        'URL:https://talaqa.test/lesson/7',
        'END:VEVENT',
      ]),
    );
  });
});

describe('writeCalendar invitations (RFC 5546)', () => {
  const invitation = (method: 'REQUEST' | 'CANCEL') =>
    writeCalendar({
      prodId: '-//Talaqa//Lesson confirmation//AR',
      name: 'طلاقة',
      timeZone: 'Africa/Cairo',
      stamp: new Date('2030-01-05T00:00:00Z'),
      method,
      events: [
        {
          uid: lessonEventUid(7, 'talaqa.test'),
          start: new Date('2030-01-09T10:00:00Z'),
          end: new Date('2030-01-09T10:30:00Z'),
          created: new Date('2030-01-01T08:00:00Z'),
          lastModified: new Date('2030-01-05T00:00:00Z'),
          sequence: lessonSequence(new Date('2030-01-05T00:00:00Z')),
          summary: 'درس إنجليزي مع سارة',
          description: 'مدة الدرس ٣٠ دقيقة.',
          url: 'https://talaqa.test/lesson/7',
          status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
          organizer: { name: 'طلاقة', email: 'no-reply@talaqa.test' },
          attendees: [{ name: 'Sara "S", Ali', email: 'sara@example.com' }],
        },
      ],
    })
      .replace(/\r\n /g, '')
      .split('\r\n');

  it('names its method, the organizer and the attendee (quoted, without quotes inside)', () => {
    const lines = invitation('REQUEST');
    expect(lines).toEqual(
      expect.arrayContaining([
        'METHOD:REQUEST',
        'UID:lesson-7@talaqa.test',
        'STATUS:CONFIRMED',
        'ORGANIZER;CN="طلاقة":mailto:no-reply@talaqa.test',
        'ATTENDEE;CN="Sara S, Ali";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:sara@example.com',
      ]),
    );
    expect(lines.indexOf('METHOD:REQUEST')).toBeLessThan(lines.indexOf('BEGIN:VEVENT'));
  });

  it('withdraws the same UID with CANCEL', () => {
    const lines = invitation('CANCEL');
    expect(lines).toEqual(
      expect.arrayContaining(['METHOD:CANCEL', 'UID:lesson-7@talaqa.test', 'STATUS:CANCELLED']),
    );
  });

  it('counts SEQUENCE in seconds of the last change, never below zero', () => {
    const at = new Date('2030-01-05T00:00:00Z');
    expect(lessonSequence(new Date(at.getTime() + 1_000))).toBe(lessonSequence(at) + 1);
    expect(lessonSequence(new Date('2020-01-01T00:00:00Z'))).toBe(0);
  });
});

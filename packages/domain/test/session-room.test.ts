import { describe, expect, it } from 'vitest';
import {
  isSessionRoomOpen,
  LessonCanceledBy,
  SESSION_ROOM_OPENS_MINUTES_BEFORE,
  sessionRoomWindow,
} from '../src';

const MINUTE = 60_000;
const start = new Date('2026-11-26T18:00:00.000Z');
const lesson = { start, duration: 30 };
const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);

describe('the session room window', () => {
  it('opens 10 minutes before the start and closes at the end', () => {
    expect(SESSION_ROOM_OPENS_MINUTES_BEFORE).toBe(10);
    expect(sessionRoomWindow(lesson)).toEqual({ opensAt: at(-10), closesAt: at(30) });
    expect(sessionRoomWindow({ start, duration: 15 }).closesAt).toEqual(at(15));
  });

  it('is open from opensAt (included) to closesAt (excluded)', () => {
    expect(isSessionRoomOpen(lesson, new Date(at(-10).getTime() - 1))).toBe(false);
    expect(isSessionRoomOpen(lesson, at(-10))).toBe(true);
    expect(isSessionRoomOpen(lesson, at(0))).toBe(true);
    expect(isSessionRoomOpen(lesson, new Date(at(30).getTime() - 1))).toBe(true);
    expect(isSessionRoomOpen(lesson, at(30))).toBe(false);
    expect(isSessionRoomOpen(lesson, at(-60))).toBe(false);
  });

  it('never opens for a canceled lesson', () => {
    for (const canceledBy of Object.values(LessonCanceledBy)) {
      expect(isSessionRoomOpen({ ...lesson, canceledBy }, at(5))).toBe(false);
    }
    expect(isSessionRoomOpen({ ...lesson, canceledBy: null }, at(5))).toBe(true);
  });
});

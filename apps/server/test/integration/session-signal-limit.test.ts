import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  SIGNAL_BURST,
  SIGNAL_DESCRIPTION_COST,
  SIGNAL_RATE_PER_SECOND,
  ServerEvent,
} from '@talaqa/domain';
import type { MemberSessionEvent } from '@talaqa/domain';
import { collect, nextEvent } from './chat-fixtures';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import { atMinute, bookedLesson, insertPlan, sessionAck, sessionSocket } from './session-fixtures';
import type { SessionAck } from './session-fixtures';

/**
 * The signaling limit (docs/decisions/298-signaling-rate-limit.md): a socket's flood of session
 * events is cut to its bucket, the refused ones answer `too-many-requests` and reach nobody, and a
 * call's negotiation bursts pass whole.
 */
let server: TestServer;
let planId: number;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer({ jobsPollMs: 3_600_000 });
  planId = await insertPlan(server);
  const now = atMinute(-5);
  server.app.clock.now = () => now;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => server.close());

/**
 * The token the student's JoinSession took in `inRoom` (every event but a leave costs one): it
 * comes back 1000 / SIGNAL_RATE_PER_SECOND ms later, so a flood sent sooner finds the bucket one
 * short of the burst.
 */
const JOIN_COST = 1;

async function inRoom() {
  const booked = await bookedLesson(server, planId);
  const student = await sessionSocket(server, booked.student, sockets);
  const tutor = await sessionSocket(server, booked.tutor, sockets);
  const sessionId = booked.lesson.id;
  expect((await sessionAck(student, 'JoinSession', { sessionId })).result).toBe('ok');
  const heard = nextEvent<MemberSessionEvent>(student, ServerEvent.MemberJoinedSessionId);
  expect((await sessionAck(tutor, 'JoinSession', { sessionId })).result).toBe('ok');
  await heard;
  return { student, tutor, sessionId };
}

/** A candidate line of a real call's size (about 100 bytes). */
const candidate = (i: number) => ({
  candidate: `candidate:${String(i)} 1 udp 2122260223 192.168.1.${String(i % 250)} ${String(50_000 + i)} typ host generation 0 ufrag kZ7q network-id 1`,
  sdpMid: '0',
  sdpMLineIndex: 0,
});
const sdp = (type: 'offer' | 'answer') => `v=0\r\n${`a=${type} `.repeat(400)}`;

/** Waits until `seen` holds `count` items or `ms` passes, then a little longer for strays. */
async function settle(seen: unknown[], count: number, ms = 3000): Promise<void> {
  const until = performance.now() + ms;
  while (seen.length < count && performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => setTimeout(resolve, 150));
}

describe('the signaling limit', () => {
  it('lets a negotiation with a restart through whole, both ways', async () => {
    const { student, tutor, sessionId } = await inRoom();
    const tutorHeard = collect<unknown>(tutor, ServerEvent.IceCandidate);
    const studentHeard = collect<unknown>(student, ServerEvent.IceCandidate);
    const offers = collect<unknown>(tutor, ServerEvent.SessionOffer);
    const answers = collect<unknown>(student, ServerEvent.SessionAnswer);
    const acks: Promise<SessionAck>[] = [];
    // Two rounds (the call, then an ICE restart), each an offer, an answer and 40 candidates
    // a side within the same instant, as a browser gathering on several interfaces sends them.
    for (let round = 0; round < 2; round += 1) {
      acks.push(sessionAck(student, 'AnnounceIncomingOffer', { sessionId }));
      acks.push(
        sessionAck(student, 'SessionOffer', {
          sessionId,
          description: { type: 'offer', sdp: sdp('offer') },
        }),
      );
      acks.push(
        sessionAck(tutor, 'SessionAnswer', {
          sessionId,
          description: { type: 'answer', sdp: sdp('answer') },
        }),
      );
      for (let i = 0; i < 40; i += 1) {
        acks.push(sessionAck(student, 'IceCandidate', { sessionId, candidate: candidate(i) }));
        acks.push(sessionAck(tutor, 'IceCandidate', { sessionId, candidate: candidate(i) }));
      }
      acks.push(sessionAck(student, 'ToggleCamera', { sessionId, on: true }));
      acks.push(sessionAck(tutor, 'ToggleMic', { sessionId, on: true }));
    }
    const results = await Promise.all(acks);
    expect(results.filter((a) => a.result !== 'ok')).toEqual([]);
    await settle(tutorHeard, 80);
    await settle(studentHeard, 80);
    expect([tutorHeard.length, studentHeard.length, offers.length, answers.length]).toEqual([
      80, 80, 2, 2,
    ]);
  });

  it('cuts a flood of candidates; the other member hears only the allowed ones', async () => {
    const { student, tutor, sessionId } = await inRoom();
    const heard = collect<unknown>(tutor, ServerEvent.IceCandidate);
    const flood = 1000;
    const began = performance.now();
    const results = await Promise.all(
      Array.from({ length: flood }, (_, i) =>
        sessionAck(student, 'IceCandidate', { sessionId, candidate: candidate(i) }),
      ),
    );
    const seconds = (performance.now() - began) / 1000;
    const passed = results.filter((a) => a.result === 'ok').length;
    const refused = results.filter(
      (a) => a.result === 'unallowed' && a.code === 'too-many-requests',
    ).length;
    expect(passed + refused).toBe(flood);
    // The burst (less the join's token if it has not come back yet), and what refilled while the
    // flood lasted, and no more.
    expect(passed).toBeGreaterThanOrEqual(SIGNAL_BURST - JOIN_COST);
    expect(passed).toBeLessThanOrEqual(SIGNAL_BURST + Math.ceil(SIGNAL_RATE_PER_SECOND * seconds));
    await settle(heard, passed);
    expect(heard.length).toBe(passed);

    // The tutor's own bucket is untouched; the student's refills with time.
    expect((await sessionAck(tutor, 'ToggleMic', { sessionId, on: false })).result).toBe('ok');
    await new Promise((resolve) => setTimeout(resolve, 1000 / SIGNAL_RATE_PER_SECOND + 50));
    expect((await sessionAck(student, 'ToggleMic', { sessionId, on: false })).result).toBe('ok');
  });

  it('cuts a flood of offers at a tenth of the rate, and counts refused payloads too', async () => {
    const { student, tutor, sessionId } = await inRoom();
    const offers = collect<unknown>(tutor, ServerEvent.SessionOffer);
    const began = performance.now();
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        sessionAck(student, 'SessionOffer', {
          sessionId,
          description: { type: 'offer', sdp: sdp('offer') },
        }),
      ),
    );
    const seconds = (performance.now() - began) / 1000;
    const passed = results.filter((a) => a.result === 'ok').length;
    expect(passed).toBeGreaterThanOrEqual(
      Math.floor((SIGNAL_BURST - JOIN_COST) / SIGNAL_DESCRIPTION_COST),
    );
    expect(passed).toBeLessThanOrEqual(
      Math.floor((SIGNAL_BURST + SIGNAL_RATE_PER_SECOND * seconds) / SIGNAL_DESCRIPTION_COST),
    );
    await settle(offers, passed);
    expect(offers.length).toBe(passed);

    // Malformed events take from the bucket as well: a flood of them is cut before validation.
    const other = await inRoom();
    const junk = await Promise.all(
      Array.from({ length: SIGNAL_BURST * 2 }, () =>
        sessionAck(other.student, 'IceCandidate', { sessionId: other.sessionId, candidate: 7 }),
      ),
    );
    expect(junk.filter((a) => a.code === 'too-many-requests').length).toBeGreaterThan(0);
    // Leaving the room is never refused: the attendance mark is not lost to the flood.
    expect(
      (await sessionAck(other.student, 'LeaveSession', { sessionId: other.sessionId })).result,
    ).toBe('ok');
  });
});

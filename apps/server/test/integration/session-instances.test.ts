import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ServerEvent } from '@talaqa/domain';
import type { MemberSessionEvent } from '@talaqa/domain';
import { collect, nextEvent } from './chat-fixtures';
import { startTestServer, testDriver, testRedisUrl } from './helpers';
import type { TestServer } from './helpers';
import { atMinute, bookedLesson, insertPlan, sessionAck, sessionSocket } from './session-fixtures';

/**
 * The lesson room on two instances sharing one PostgreSQL and one Redis, as behind a load
 * balancer (issue 19): the student on one, the tutor on the other; join notices, presence and
 * every relay cross through the Redis adapter.
 */
describe.skipIf(testDriver !== 'postgres' || !testRedisUrl)(
  'the lesson room across instances',
  () => {
    let one: TestServer;
    let two: TestServer;
    /** The same database and Redis, another deployment's key prefix: it must hear nothing. */
    let elsewhere: TestServer;
    let planId: number;
    const sockets: Socket[] = [];
    const now = atMinute(-2);

    beforeAll(async () => {
      one = await startTestServer({ jobsPollMs: 3_600_000 });
      two = await startTestServer({
        databaseUrl: one.config.databaseUrl,
        redisKeyPrefix: one.config.redisKeyPrefix,
        jobsPollMs: 3_600_000,
      });
      elsewhere = await startTestServer({
        databaseUrl: one.config.databaseUrl,
        redisKeyPrefix: `${one.config.redisKeyPrefix}other:`,
        jobsPollMs: 3_600_000,
      });
      one.app.clock.now = () => now;
      two.app.clock.now = () => now;
      planId = await insertPlan(one);
    });
    afterEach(() => {
      for (const socket of sockets.splice(0)) socket.disconnect();
    });
    afterAll(async () => {
      await two.close();
      await one.close();
    });

    it('relays between a student on one instance and a tutor on the other', async () => {
      const booked = await bookedLesson(one, planId);
      const sessionId = booked.lesson.id;
      const student = await sessionSocket(one, booked.student, sockets);
      const tutor = await sessionSocket(two, booked.tutor, sockets);
      const unrelated = await sessionSocket(elsewhere, booked.tutor, sockets);
      const overheard = collect<unknown>(unrelated, ServerEvent.MemberJoinedSessionId);

      // The adapter subscribes asynchronously on a fresh instance: the join notice crossing over
      // is the sign both hear each other.
      const tutorHears = nextEvent<MemberSessionEvent>(
        tutor,
        ServerEvent.MemberJoinedSessionId,
        (event) => event.userId === booked.student.id,
        10_000,
      );
      expect(await sessionAck(student, 'JoinSession', { sessionId })).toMatchObject({
        result: 'ok',
        session: { present: [booked.student.id] },
      });
      expect((await tutorHears).present).toEqual([booked.student.id]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(overheard).toEqual([]);

      // Presence is read on both instances.
      const joined = await sessionAck(tutor, 'JoinSession', { sessionId });
      expect(joined.session?.present).toEqual(
        [booked.student.id, booked.tutor.id].toSorted((a, b) => a - b),
      );

      const offer = nextEvent(tutor, ServerEvent.SessionOffer);
      await sessionAck(student, 'SessionOffer', {
        sessionId,
        description: { type: 'offer', sdp: 'v=0 from one' },
      });
      expect(await offer).toEqual({
        sessionId,
        userId: booked.student.id,
        description: { type: 'offer', sdp: 'v=0 from one' },
      });

      const answer = nextEvent(student, ServerEvent.SessionAnswer);
      await sessionAck(tutor, 'SessionAnswer', {
        sessionId,
        description: { type: 'answer', sdp: 'v=0 from two' },
      });
      expect(await answer).toMatchObject({ userId: booked.tutor.id });

      const candidate = nextEvent(tutor, ServerEvent.IceCandidate);
      await sessionAck(student, 'IceCandidate', { sessionId, candidate: null });
      expect(await candidate).toEqual({ sessionId, userId: booked.student.id, candidate: null });

      const camera = nextEvent(student, ServerEvent.CameraToggle);
      await sessionAck(tutor, 'ToggleCamera', { sessionId, on: false });
      expect(await camera).toEqual({ sessionId, userId: booked.tutor.id, on: false });

      await sessionAck(student, 'RegisterPeer', { sessionId, peerId: 'student-peer' });
      expect(await sessionAck(tutor, 'RegisterPeer', { sessionId, peerId: 'tutor-peer' })).toEqual({
        result: 'ok',
        peers: [{ userId: booked.student.id, peerId: 'student-peer' }],
      });

      // A new tab of the tutor on instance one takes the place of the one on instance two.
      const tutorAgain = await sessionSocket(one, booked.tutor, sockets);
      await sessionAck(tutorAgain, 'JoinSession', { sessionId });
      await expect
        .poll(async () => (await sessionAck(tutor, 'ToggleMic', { sessionId, on: true })).result)
        .toBe('unallowed');
      const mic = nextEvent(student, ServerEvent.MicToggled);
      expect(await sessionAck(tutorAgain, 'ToggleMic', { sessionId, on: true })).toEqual({
        result: 'ok',
      });
      expect(await mic).toEqual({ sessionId, userId: booked.tutor.id, on: true });

      const left = nextEvent<MemberSessionEvent>(tutorAgain, ServerEvent.MemberLeftSessionId);
      student.disconnect();
      expect(await left).toEqual({
        sessionId,
        userId: booked.student.id,
        present: [booked.tutor.id],
      });
    });
  },
);

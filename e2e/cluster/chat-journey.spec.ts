import { clusterPorts, clusterSkipReason, clusterUrls } from '../cluster';
import { expect, test } from '../tests/fixtures';
import { chatJourney } from '../tests/chat-steps';
import { codeSentTo, SocketSessions } from './steps';

// Issue 18's chat journey across instances ("How it will be checked"): the student's browser and
// the tutor's each hold a socket.io session through nginx, and the two sessions live on different
// API instances, so every message, typing notice, read tick, edit and delete after the first
// message crosses from one instance to the other through Redis. An engine.io session id starts
// with the SOCKET_ROUTE of the instance that owns it ("a." or "b.", decision 268), and nginx
// sends every later request of the session there: the ids the browsers use name their instance.

const skipReason = clusterSkipReason();
if (skipReason) console.warn(`cluster chat journey skipped: ${skipReason}`);

test('a student and a tutor on different instances chat through nginx', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.skip(skipReason !== undefined, `the cluster cannot run here: ${skipReason ?? ''}`);
  test.setTimeout(150_000);
  const sessions: Partial<Record<'student' | 'tutor', SocketSessions>> = {};
  const picked = { student: 0, tutor: 0, tutorInstance: '', studentInstance: '' };

  await chatJourney({
    page,
    browser,
    request,
    testInfo,
    web: clusterUrls.web,
    api: clusterUrls.api,
    codeSentTo,
    screenshots: 'chat-cluster',
    watch: (watched, who) => {
      sessions[who] = new SocketSessions(watched);
    },
    // New sessions for the student (a reload) until nginx has placed it on the other instance
    // than the tutor's: the handshakes are balanced (least connections), not assigned.
    beforeTheAnswer: async (student) => {
      const tutorSessions = sessions.tutor!;
      const studentSessions = sessions.student!;
      picked.tutorInstance = await tutorSessions.instance();
      picked.tutor = tutorSessions.ids.length - 1;
      for (let attempt = 0; attempt < 8; attempt += 1) {
        const instance = await studentSessions.instance();
        if (instance !== picked.tutorInstance) {
          picked.studentInstance = instance;
          picked.student = studentSessions.ids.length - 1;
          return;
        }
        const known = studentSessions.ids.length;
        await student.reload();
        await expect.poll(() => studentSessions.ids.length).toBeGreaterThan(known);
      }
      throw new Error(`every student session landed on the tutor's instance`);
    },
    atEnd: async () => {
      // Each browser stayed on its instance from then on (a reconnect elsewhere would show).
      expect(picked.studentInstance).not.toBe(picked.tutorInstance);
      testInfo.annotations.push({
        type: 'instances',
        description: `student on ${picked.studentInstance}, tutor on ${picked.tutorInstance}`,
      });
      expect(sessions.tutor!.instancesSince(picked.tutor)).toEqual([picked.tutorInstance]);
      expect(sessions.student!.instancesSince(picked.student)).toEqual([picked.studentInstance]);
      // And both instances are up behind nginx, each on its own port.
      for (const port of [clusterPorts.instanceA, clusterPorts.instanceB]) {
        const health = await request.get(`http://127.0.0.1:${String(port)}/api/v1/health`);
        expect(health.ok()).toBe(true);
      }
    },
  });
});

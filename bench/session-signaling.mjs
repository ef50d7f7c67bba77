// `npm run bench:session -w bench` (issue 19, the lesson room): two API instances on PostgreSQL
// and Redis, BENCH_SESSIONS lesson rooms open at once (lessons inserted straight into the bench's
// own database, started a minute ago), each with its student's socket on instance A and its
// tutor's on instance B: 2 x BENCH_SESSIONS signaling sockets. Both members join; then in every
// session (their starts spread evenly over BENCH_SPREAD_MS, default 10 s) the student sends an
// offer (SDP of BENCH_SDP_BYTES) and trickles BENCH_CANDIDATES ICE candidates (~100 B each, one
// every BENCH_CANDIDATE_GAP_MS); the tutor answers the offer when it arrives and trickles as
// many. Each relay is timed from the emit to its receipt at the other member (one clock: this
// process holds both sockets) and checked: lost (never arrived), misrouted (arrived at a socket
// of another session or at its sender), doubled. Then the same exchange on two bare socket.io
// servers with the Redis adapter (bare-session-server.mjs) as the yardstick.
// Needs `npm run build -w @talaqa/server` first (apps/server/dist/main.js), BENCH_DATABASE_URL (a
// PostgreSQL server; a database is created and dropped) and BENCH_REDIS_URL (default
// redis://127.0.0.1:6379). The full size (500 sessions) is for an otherwise idle machine; try
// BENCH_SESSIONS=50 first.
import { loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  benchDatabase,
  benchRoot,
  connectAll,
  cpuMsOf,
  JWT_SECRET,
  machine,
  nowMinute,
  perSocketBytes,
  quantile,
  rssOf,
  sleep,
  startProcess,
  startProductInstances,
  stopAll,
  stopProcesses,
} from './lib/two-instances.mjs';
import { accessToken } from './tutors-data.mjs';

const sessions = Number(process.env.BENCH_SESSIONS ?? 500);
const candidates = Number(process.env.BENCH_CANDIDATES ?? 10);
const sdpBytes = Number(process.env.BENCH_SDP_BYTES ?? 4000);
const candidateGapMs = Number(process.env.BENCH_CANDIDATE_GAP_MS ?? 20);
// The sessions start their exchange evenly over this many ms (0: all in the same instant).
const spreadMs = Number(process.env.BENCH_SPREAD_MS ?? 10_000);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ports = [4921, 4922];
const barePorts = [4931, 4932];
const RELAYS = ['SessionOffer', 'SessionAnswer', 'IceCandidate'];

/**
 * Users and lessons straight into the database: `sessions` student/tutor pairs, each with a
 * 30-minute lesson that started a minute ago (its room open), on its own appointment.
 */
async function seed(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const stamp = Date.now();
  const { rows: users } = await client.query(
    `insert into users (name, email, role, email_verified)
     select 'مستخدم ' || n, 'bench-session-' || $1 || '-' || n || '@example.com',
            case when n % 2 = 0 then 3 else 4 end, true
       from generate_series(0, $2 - 1) n
     order by n
     returning id`,
    [stamp, sessions * 2],
  );
  const ids = users.map((row) => row.id);
  const students = ids.filter((_, i) => i % 2 === 0);
  const tutors = ids.filter((_, i) => i % 2 === 1);
  const { rows: lessons } = await client.query(
    `with t as (
       select s, u, o from unnest($1::int[], $2::int[]) with ordinality as t(s, u, o)
     ), a as (
       insert into appointments (tutor_id, kind, starts_at, ends_at)
       select u, 'lesson', date_trunc('second', now()) - interval '1 minute',
              date_trunc('second', now()) + interval '29 minutes'
         from t order by o
       returning id, tutor_id
     ), numbered as (
       select a.id, a.tutor_id, row_number() over (order by a.id) as o from a
     )
     insert into lessons (appointment_id, tutor_id, student_id, starts_at, duration, status)
     select n.id, n.tutor_id, t.s, date_trunc('second', now()) - interval '1 minute', 30, 'pending'
       from numbered n join t on t.o = n.o
     order by n.o
     returning id, student_id, tutor_id`,
    [students, tutors],
  );
  await client.end();
  const byStudent = new Map(lessons.map((row) => [row.student_id, row]));
  return students.map((student) => {
    const lesson = byStudent.get(student);
    return { id: lesson.id, student, tutor: lesson.tutor_id };
  });
}

/** A session description of about `sdpBytes`, carrying the message's tag on a line of its own. */
function sdpOf(type, tag) {
  const head = `v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=x-bench:${tag}\r\na=group:BUNDLE 0 1\r\n`;
  const line = `a=rtpmap:111 opus/48000/2\r\na=fmtp:111 minptime=10;useinbandfec=1\r\na=rtcp-fb:96 nack pli\r\n`;
  const body = line.repeat(Math.max(1, Math.ceil((sdpBytes - head.length) / line.length)));
  return { type, sdp: `${head}${body}`.slice(0, Math.max(sdpBytes, head.length)) };
}

/** A host candidate line of about 100 bytes; its tag goes where a browser puts its ufrag. */
const candidateOf = (i, tag) => ({
  candidate: `candidate:${842163049 + i} 1 udp 1677729535 192.168.${i % 250}.${(i * 7) % 250} ${50_000 + i} typ srflx raddr 0.0.0.0 rport 0 generation 0 ufrag ${tag}`,
  sdpMid: '0',
  sdpMLineIndex: 0,
  usernameFragment: tag,
});

const tagOf = (payload) =>
  payload.description
    ? /a=x-bench:(\S+)/.exec(payload.description.sdp)?.[1]
    : payload.candidate?.usernameFragment;

/**
 * Both members join; then every session negotiates at once. `rooms` holds, per session, its id,
 * the student's and the tutor's user ids and sockets.
 */
async function drive(rooms) {
  const joinMs = [];
  let joinsRefused = 0;
  await Promise.all(
    rooms.flatMap((room) =>
      [room.studentSocket, room.tutorSocket].map(async (socket) => {
        const began = performance.now();
        const answer = await socket
          .timeout(30_000)
          .emitWithAck('JoinSession', { sessionId: room.id })
          .catch(() => ({ result: 'timeout' }));
        joinMs.push(performance.now() - began);
        if (answer?.result !== 'ok') joinsRefused += 1;
      }),
    ),
  );

  const sent = new Map(); // tag -> { at, to, kind }
  const arrived = new Set();
  const latency = { description: [], candidate: [] };
  let misrouted = 0;
  let doubled = 0;
  let acksRefused = 0;
  let ackTimeouts = 0;
  const refusals = new Map();
  let seq = 0;

  function emit(room, from, event, payload, kind) {
    const socket = from === 'student' ? room.studentSocket : room.tutorSocket;
    const to = from === 'student' ? room.tutorSocket : room.studentSocket;
    const tag = payload.tag;
    delete payload.tag;
    sent.set(tag, { at: performance.now(), to, kind });
    socket
      .timeout(30_000)
      .emitWithAck(event, { sessionId: room.id, ...payload })
      .then(
        (answer) => {
          if (answer?.result === 'ok') return;
          acksRefused += 1;
          const key = `${answer?.result}${answer?.code ? `/${answer.code}` : ''}`;
          refusals.set(key, (refusals.get(key) ?? 0) + 1);
        },
        () => (ackTimeouts += 1),
      );
  }

  const trickle = async (room, from) => {
    for (let i = 0; i < candidates; i += 1) {
      const tag = `${room.id}.${from[0]}.c${i}.${(seq += 1)}`;
      emit(room, from, 'IceCandidate', { tag, candidate: candidateOf(i, tag) }, 'candidate');
      await sleep(candidateGapMs);
    }
  };

  for (const room of rooms) {
    for (const [socket, member, other] of [
      [room.studentSocket, room.student, room.tutor],
      [room.tutorSocket, room.tutor, room.student],
    ]) {
      for (const event of RELAYS) {
        socket.on(event, (payload) => {
          const tag = tagOf(payload);
          const record = tag === undefined ? undefined : sent.get(tag);
          // Another session's message, the sender's own, or one with the wrong names on it.
          if (
            !record ||
            record.to !== socket ||
            payload.sessionId !== room.id ||
            payload.userId !== other ||
            member === payload.userId
          ) {
            misrouted += 1;
            return;
          }
          if (arrived.has(tag)) {
            doubled += 1;
            return;
          }
          arrived.add(tag);
          latency[record.kind].push(performance.now() - record.at);
          // The tutor answers the offer as soon as it has it, then trickles its own candidates.
          if (event === 'SessionOffer' && socket === room.tutorSocket) {
            const answerTag = `${room.id}.t.answer.${(seq += 1)}`;
            emit(
              room,
              'tutor',
              'SessionAnswer',
              { tag: answerTag, description: sdpOf('answer', answerTag) },
              'description',
            );
            void trickle(room, 'tutor');
          }
        });
      }
    }
  }

  const expected = rooms.length * 2 * (1 + candidates);
  const started = performance.now();
  await Promise.all(
    rooms.map(async (room, index) => {
      // Members press join over a few seconds, not in one instant (BENCH_SPREAD_MS).
      await sleep((index * spreadMs) / rooms.length);
      const tag = `${room.id}.s.offer.${(seq += 1)}`;
      emit(
        room,
        'student',
        'SessionOffer',
        { tag, description: sdpOf('offer', tag) },
        'description',
      );
      await trickle(room, 'student');
    }),
  );
  // Stragglers: wait until everything arrived (the tutors' side included) or 15 s passed.
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline && arrived.size < expected) await sleep(50);
  const seconds = (performance.now() - started) / 1000;
  const all = [...latency.description, ...latency.candidate].sort((x, y) => x - y);
  latency.description.sort((x, y) => x - y);
  latency.candidate.sort((x, y) => x - y);
  joinMs.sort((x, y) => x - y);
  return {
    sockets: rooms.length * 2,
    joinsRefused,
    joinP50: quantile(joinMs, 0.5),
    joinP99: quantile(joinMs, 0.99),
    expected,
    sent: sent.size,
    received: arrived.size,
    lost: sent.size - arrived.size,
    misrouted,
    doubled,
    acksRefused,
    ackTimeouts,
    refusals: [...refusals].map(([key, n]) => `${key} x${n}`).join(', '),
    seconds,
    p50: quantile(all, 0.5),
    p95: quantile(all, 0.95),
    p99: quantile(all, 0.99),
    max: all.at(-1) ?? NaN,
    descP50: quantile(latency.description, 0.5),
    descP99: quantile(latency.description, 0.99),
    candP50: quantile(latency.candidate, 0.5),
    candP99: quantile(latency.candidate, 0.99),
  };
}

async function scenario(name, { start, targetsOf }) {
  console.log(`${name}: starting two servers ...`);
  const servers = await start();
  await sleep(2000);
  const before = servers.map((child) => rssOf(child.pid));
  const { targets, rooms } = targetsOf();
  console.log(`${name}: connecting ${targets.length} sockets ...`);
  const t0 = performance.now();
  const open = await connectAll(targets);
  console.log(`${name}: connected in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await sleep(2000);
  const after = servers.map((child) => rssOf(child.pid));
  const perSocket = perSocketBytes(before, after, open.length);
  const sessionsSockets = rooms.map((room, i) => ({
    ...room,
    studentSocket: open[2 * i],
    tutorSocket: open[2 * i + 1],
  }));
  const load = loadavg()[0];
  console.log(`${name}: joining and negotiating ${rooms.length} sessions ...`);
  const cpuBefore = servers.map((child) => cpuMsOf(child.pid));
  const result = await drive(sessionsSockets);
  const cpuMs = servers.reduce((sum, child, i) => sum + cpuMsOf(child.pid) - cpuBefore[i], 0);
  for (const socket of open) socket.disconnect();
  await stopProcesses(servers);
  return { name, ...result, cpuMs, perSocketKiB: perSocket / 1024, load };
}

/** Student on instance A, tutor on instance B. */
const targetsFor = (rooms, urls, authOf) =>
  rooms.flatMap((room) => [
    { url: urls[0], auth: authOf(room.student) },
    { url: urls[1], auth: authOf(room.tutor) },
  ]);

// --- the product ---------------------------------------------------------------------------
const database = await benchDatabase(serverUrl, 'session');
const databaseUrl = database.url;

let seeded;
const results = [];
try {
  results.push(
    await scenario('Talaqa session signaling, two instances', {
      start: async () => {
        const servers = await startProductInstances({
          name: 'session',
          databaseUrl,
          redisUrl,
          ports,
          simulatorBase: 4940,
        });
        seeded = await seed(databaseUrl);
        return servers;
      },
      targetsOf: () => ({
        rooms: seeded,
        targets: targetsFor(
          seeded,
          ports.map((port) => `http://127.0.0.1:${port}`),
          (userId) => ({ token: accessToken(userId, JWT_SECRET) }),
        ),
      }),
    }),
  );

  // --- the yardstick -----------------------------------------------------------------------
  results.push(
    await scenario('bare socket.io + Redis adapter, two instances', {
      start: async () => {
        const servers = barePorts.map((port) =>
          startProcess([join(benchRoot, 'bare-session-server.mjs')], {
            PORT: String(port),
            REDIS_URL: redisUrl,
          }),
        );
        await sleep(1500);
        return servers;
      },
      targetsOf: () => {
        const rooms = Array.from({ length: sessions }, (_, i) => ({
          id: i + 1,
          student: 2 * i + 1,
          tutor: 2 * i + 2,
        }));
        return {
          rooms,
          targets: targetsFor(
            rooms,
            barePorts.map((port) => `http://127.0.0.1:${port}`),
            (userId) => ({ userId }),
          ),
        };
      },
    }),
  );
} finally {
  stopAll();
  await database.drop();
}

const when = nowMinute();
const ms = (value) => value.toFixed(1);
const lines = [
  `### ${when} UTC: session signaling, two instances (issue 19)`,
  '',
  `Machine: ${machine()}; database PostgreSQL + Redis; ${sessions} sessions open at once = ${sessions * 2} signaling sockets (students on instance A, tutors on B); per session an offer and an answer (SDP ${sdpBytes} B) and ${candidates} ICE candidates each way (~100 B, one every ${candidateGapMs} ms), the sessions starting evenly over ${spreadMs / 1000} s; load generator and both servers on the same machine; load average (1 min) before: ${results.map((r) => r.load.toFixed(2)).join(' / ')}.`,
  '',
  '| scenario | joins refused | join p50 / p99 ms | sent | received | lost | misrouted | doubled | acks refused / timed out | relay p50 ms | p95 ms | p99 ms | max ms | SDP p50 / p99 ms | candidate p50 / p99 ms | RSS per socket KiB |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...results.map(
    (r) =>
      `| ${r.name} | ${r.joinsRefused} | ${ms(r.joinP50)} / ${ms(r.joinP99)} | ${r.sent} | ${r.received} | ${r.lost} | ${r.misrouted} | ${r.doubled} | ${r.acksRefused} / ${r.ackTimeouts} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${r.max.toFixed(0)} | ${ms(r.descP50)} / ${ms(r.descP99)} | ${ms(r.candP50)} / ${ms(r.candP99)} | ${r.perSocketKiB.toFixed(1)} |`,
  ),
  '',
];
console.log(lines.join('\n'));
for (const r of results) {
  console.log(
    `${r.name}: ${r.expected} relays expected, exchange took ${r.seconds.toFixed(1)} s; the two servers used ${(r.cpuMs / 1000).toFixed(1)} s of CPU (${(r.cpuMs / Math.max(1, r.sent)).toFixed(2)} ms per relay)${r.refusals ? `; refusals: ${r.refusals}` : ''}`,
  );
}
const failed = results.some((r) => r.lost > 0 || r.misrouted > 0 || r.joinsRefused > 0);
process.exit(failed ? 1 : 0);

// `npm run bench:chat` (issue 18, Performance): two API instances on PostgreSQL and Redis,
// BENCH_SOCKETS connected sockets (one per user, half students, half tutors, one room per pair;
// the student's socket on one instance, the tutor's on the other), BENCH_ACTIVE_ROOMS rooms
// sending BENCH_RATE messages a second in all for BENCH_DURATION seconds (the two members take
// turns). Measures send -> RoomMessage on the other member's socket (p50/p99), lost and doubled
// messages (by the client id each message carries), the rows stored (each sent message once)
// and RSS per socket; then the same load on
// two bare socket.io servers with the Redis adapter (bare-chat-server.mjs).
// Needs BENCH_DATABASE_URL (a PostgreSQL server; a database is created and dropped) and
// BENCH_REDIS_URL (default redis://127.0.0.1:6379).
import { randomUUID } from 'node:crypto';
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

const sockets = Number(process.env.BENCH_SOCKETS ?? 5000);
const activeRooms = Number(process.env.BENCH_ACTIVE_ROOMS ?? 500);
const rate = Number(process.env.BENCH_RATE ?? 500);
const duration = Number(process.env.BENCH_DURATION ?? 20);
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ports = [4821, 4822];
const barePorts = [4831, 4832];
const pairs = Math.floor(sockets / 2);
// BENCH_PROFILE_DIR: each product instance writes a CPU profile there when it exits.
const profileFlags = process.env.BENCH_PROFILE_DIR
  ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
  : [];

/** Users, rooms and tokens straight into the database: `pairs` student/tutor pairs, a room each. */
async function seed(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const stamp = Date.now();
  const { rows: users } = await client.query(
    `insert into users (name, email, role, email_verified)
     select 'مستخدم ' || n, 'bench-chat-' || $1 || '-' || n || '@example.com',
            case when n % 2 = 0 then 3 else 4 end, true
       from generate_series(0, $2 - 1) n
     order by n
     returning id`,
    [stamp, pairs * 2],
  );
  const ids = users.map((row) => row.id);
  const rooms = [];
  for (let i = 0; i < pairs; i += 1) rooms.push([ids[2 * i], ids[2 * i + 1]]);
  const { rows: roomRows } = await client.query(
    `insert into chat_rooms (type, pair_key)
     select 1, k from unnest($1::text[]) with ordinality as t(k, o) order by o returning id`,
    [rooms.map(([a, b]) => (a < b ? `${a}:${b}` : `${b}:${a}`))],
  );
  const roomIds = roomRows.map((row) => row.id);
  await client.query(
    `insert into chat_members (room_id, user_id)
     select r, u from unnest($1::int[], $2::int[]) as t(r, u)`,
    [roomIds.flatMap((id) => [id, id]), rooms.flat()],
  );
  await client.end();
  return rooms.map(([student, tutor], i) => ({ id: roomIds[i], members: [student, tutor] }));
}

/**
 * The load: each tick sends the messages due so far, room after room, alternating the sender.
 * A message is counted when the other member's socket receives it (by its client id).
 */
async function drive(roomsSockets) {
  const sentAt = new Map();
  const received = new Map();
  const latencies = [];
  let doubled = 0;
  let acksRefused = 0;
  let ackTimeouts = 0;
  for (const [, a, b] of roomsSockets) {
    for (const socket of [a, b]) {
      socket.on('RoomMessage', ({ message }) => {
        const id = message.clientId;
        const start = sentAt.get(id);
        if (start === undefined) return; // the sender's own echo or another run's
        if (message.senderId === socket.userId) return;
        const times = (received.get(id) ?? 0) + 1;
        received.set(id, times);
        if (times > 1) doubled += 1;
        else latencies.push(performance.now() - start);
      });
    }
  }
  const total = rate * duration;
  const started = performance.now();
  let sent = 0;
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
    while (sent < due) {
      const roomIndex = sent % activeRooms;
      const [room, a, b] = roomsSockets[roomIndex];
      const sender = Math.floor(sent / activeRooms) % 2 === 0 ? a : b;
      const clientId = randomUUID();
      sentAt.set(clientId, performance.now());
      sender
        .timeout(10_000)
        .emitWithAck('SendMessage', { roomId: room, clientId, text: `رسالة ${sent}` })
        .then(
          (answer) => {
            if (answer?.result !== 'ok') acksRefused += 1;
          },
          () => (ackTimeouts += 1),
        );
      sent += 1;
    }
    await sleep(2);
  }
  const sendSeconds = (performance.now() - started) / 1000;
  // Stragglers: wait until everything arrived or 10 s passed.
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && received.size < sent) await sleep(100);
  latencies.sort((x, y) => x - y);
  return {
    sent,
    sendSeconds,
    delivered: received.size,
    lost: sent - received.size,
    doubled,
    acksRefused,
    ackTimeouts,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    max: latencies.at(-1) ?? NaN,
  };
}

async function scenario(name, { start, targetsOf, roomsOf, storedOf, commitsOf }) {
  console.log(`${name}: starting two servers ...`);
  const servers = await start();
  await sleep(2000);
  const before = servers.map((child) => rssOf(child.pid));
  console.log(`${name}: connecting ${sockets} sockets ...`);
  const t0 = performance.now();
  const { targets, rooms } = targetsOf();
  const open = await connectAll(targets);
  for (let i = 0; i < open.length; i += 1) open[i].userId = targets[i].userId;
  console.log(`${name}: connected in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await sleep(3000);
  const after = servers.map((child) => rssOf(child.pid));
  const perSocket = perSocketBytes(before, after, open.length);
  const roomsSockets = roomsOf(rooms, open);
  const load = loadavg()[0];
  console.log(`${name}: sending ${rate}/s for ${duration} s ...`);
  const commitsBefore = commitsOf ? await commitsOf() : undefined;
  const cpuBefore = servers.map((child) => cpuMsOf(child.pid));
  const result = await drive(roomsSockets);
  const cpuMs = servers.reduce((sum, child, i) => sum + cpuMsOf(child.pid) - cpuBefore[i], 0);
  // PostgreSQL publishes a backend's counts within a second of its transactions.
  if (commitsOf) await sleep(1500);
  const commits = commitsOf ? (await commitsOf()) - commitsBefore : undefined;
  // What the database holds: each message sent stored once, whatever the acks said.
  const stored = storedOf ? await storedOf() : undefined;
  for (const socket of open) socket.disconnect();
  await stopProcesses(servers);
  return {
    name,
    ...result,
    stored,
    commits,
    cpuMs,
    perSocketKiB: perSocket / 1024,
    before,
    after,
    load,
  };
}

// --- the product ---------------------------------------------------------------------------
const database = await benchDatabase(serverUrl, 'chat');
const databaseUrl = database.url;

let seeded;
const results = [];
try {
  results.push(
    await scenario('Talaqa chat, two instances', {
      start: async () => {
        const servers = await startProductInstances({
          name: 'chat',
          databaseUrl,
          redisUrl,
          ports,
          simulatorBase: 4840,
          nodeFlags: profileFlags,
        });
        seeded = await seed(databaseUrl);
        return servers;
      },
      targetsOf: () => ({
        rooms: seeded,
        targets: seeded.flatMap((room, i) =>
          room.members.map((userId, m) => ({
            userId,
            url: `http://127.0.0.1:${ports[(i + m) % 2]}`,
            auth: { token: accessToken(userId, JWT_SECRET) },
          })),
        ),
      }),
      roomsOf: (rooms, open) => rooms.map((room, i) => [room.id, open[2 * i], open[2 * i + 1]]),
      commitsOf: async () => {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        const { rows } = await client.query(
          `select xact_commit::int as n from pg_stat_database where datname = current_database()`,
        );
        await client.end();
        return rows[0].n;
      },
      storedOf: async () => {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        const { rows } = await client.query(
          `select count(*)::int as rows, count(distinct client_id)::int as distinct_ids
             from chat_messages where client_id is not null`,
        );
        await client.end();
        return rows[0];
      },
    }),
  );

  // --- the yardstick -----------------------------------------------------------------------
  results.push(
    await scenario('bare socket.io + Redis adapter, two instances', {
      start: async () => {
        const servers = barePorts.map((port) =>
          startProcess([join(benchRoot, 'bare-chat-server.mjs')], {
            PORT: String(port),
            REDIS_URL: redisUrl,
          }),
        );
        await sleep(1500);
        return servers;
      },
      targetsOf: () => {
        const rooms = Array.from({ length: pairs }, (_, i) => ({
          id: i,
          members: [2 * i, 2 * i + 1],
        }));
        return {
          rooms,
          targets: rooms.flatMap((room, i) =>
            room.members.map((userId, m) => ({
              userId,
              url: `http://127.0.0.1:${barePorts[(i + m) % 2]}`,
              auth: { room: room.id },
            })),
          ),
        };
      },
      roomsOf: (rooms, open) => rooms.map((room, i) => [room.id, open[2 * i], open[2 * i + 1]]),
    }),
  );
} finally {
  stopAll();
  await database.drop();
}

const when = nowMinute();
const lines = [
  `### ${when} UTC: chat, two instances (issue 18)`,
  '',
  `Machine: ${machine()}; database PostgreSQL + Redis; ${sockets} sockets (one per user, ${pairs} two-member rooms, each member on a different instance), ${activeRooms} active rooms, ${rate} messages/s for ${duration} s; load generator and both servers on the same machine; load average (1 min) before sending: ${results.map((r) => r.load.toFixed(2)).join(' / ')}.`,
  '',
  '| scenario | sent | msgs/s sent | stored (distinct) | delivered | lost | doubled | acks refused / timed out | p50 ms | p99 ms | max ms | RSS per socket KiB |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...results.map(
    (r) =>
      `| ${r.name} | ${r.sent} | ${Math.round(r.sent / r.sendSeconds)} | ${r.stored ? `${r.stored.rows} (${r.stored.distinct_ids})` : 'n/a'} | ${r.delivered} | ${r.lost} | ${r.doubled} | ${r.acksRefused} / ${r.ackTimeouts} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(0)} | ${r.perSocketKiB.toFixed(1)} |`,
  ),
  '',
];
console.log(lines.join('\n'));
for (const r of results) {
  console.log(
    `${r.name}: the two servers used ${(r.cpuMs / 1000).toFixed(1)} s of CPU while sending (${(r.cpuMs / r.sent).toFixed(2)} ms per message)`,
  );
  if (r.commits !== undefined) {
    console.log(
      `${r.name}: ${r.commits} database transactions while sending (${(r.commits / r.sent).toFixed(2)} per message)`,
    );
  }
  console.log(
    `${r.name}: RSS before ${r.before.map((b) => (b / 2 ** 20).toFixed(0)).join('+')} MiB, after ${r.after.map((b) => (b / 2 ** 20).toFixed(0)).join('+')} MiB`,
  );
}
process.exit(0);

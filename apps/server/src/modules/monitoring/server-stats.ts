import { hostname } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import fp from 'fastify-plugin';
import {
  CLIENT_TO_SERVER,
  ClientEvent,
  isAdminRole,
  SERVER_STATS_WATCH_MS,
  ServerEvent,
} from '@talaqa/domain';
import type { Role, ServerStatsSample } from '@talaqa/domain';
import type { RealtimeServer, RealtimeSocket } from '../../realtime';
import { findUserRow } from '../accounts';
import { readDependencyVitals } from './vitals';
import type { VitalsSources } from './vitals';

/** The socket.io room of the admins' `ServerStats` channel. */
export const SERVER_STATS_ROOM = 'channel:ServerStats';

export interface ServerStatsOptions extends VitalsSources {
  io: RealtimeServer;
  version: string;
  /** The balancer's route of this instance, when it has one (its name for operators). */
  route: string | undefined;
  redisKeyPrefix: string;
  /** SERVER_STATS_INTERVAL_MS by default; tests shorten it. */
  intervalMs: number;
  /** This instance's id (src/instance.ts), the one its kept log lines carry too. */
  instanceId: string;
}

const NS_PER_MS = 1e6;
const round = (value: number, digits = 1): number => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};
const finite = (value: number): number => (Number.isFinite(value) ? value : 0);

/**
 * `ServerStats` (issue 23 item 4, decision 342). Samples are sent only while someone watches:
 * a watch is kept in Redis with an expiry, so every instance sees it and sends to the channel's
 * room, which the adapter carries to the admins connected anywhere (instances never talk to each
 * other by events of their own). Without Redis the watch is this process's alone.
 */
export const serverStats = fp<ServerStatsOptions>(async (app, options) => {
  const { io, redis } = options;
  const { intervalMs } = options;
  const watchKey = `${options.redisKeyPrefix}server-stats:watched`;
  const startedAt = app.clock.now();
  const instance = {
    id: options.instanceId,
    name: options.route ?? hostname(),
    host: hostname(),
    pid: process.pid,
    version: options.version,
    node: process.version,
    startedAt: startedAt.toISOString(),
  };

  let answered = 0;
  app.addHook('onResponse', (_request, _reply, done) => {
    answered += 1;
    done();
  });

  const delay = monitorEventLoopDelay({ resolution: 20 });
  // CPU and requests are per measured span between samples (performance.now, not product time).
  let last = { at: performance.now(), cpu: process.cpuUsage(), answered: 0 };
  let watchedHereUntil = 0;

  const sample = async (): Promise<ServerStatsSample> => {
    const vitals = await readDependencyVitals(options);
    const at = performance.now();
    const cpu = process.cpuUsage();
    const elapsedMs = Math.max(at - last.at, 1);
    const cpuMs = (cpu.user - last.cpu.user + cpu.system - last.cpu.system) / 1000;
    const requestsPerSecond = ((answered - last.answered) * 1000) / elapsedMs;
    last = { at, cpu, answered };
    const memory = process.memoryUsage();
    const loop = {
      mean: round(finite(delay.mean) / NS_PER_MS),
      p99: round(finite(delay.percentile(99)) / NS_PER_MS),
      max: round(finite(delay.max) / NS_PER_MS),
    };
    delay.reset();
    const now = app.clock.now();
    return {
      instance,
      at: now.toISOString(),
      uptimeSeconds: Math.round(process.uptime()),
      cpuPercent: round((cpuMs / elapsedMs) * 100),
      memory: {
        rssBytes: memory.rss,
        heapUsedBytes: memory.heapUsed,
        heapTotalBytes: memory.heapTotal,
      },
      eventLoopDelayMs: loop,
      sockets: vitals.sockets,
      requestsPerSecond: round(requestsPerSecond),
      database: { up: vitals.databaseUp, pool: vitals.pool ?? null },
      redis: vitals.redisUp === undefined ? null : { up: vitals.redisUp },
      jobs: vitals.jobs ?? null,
    };
  };

  // eslint-disable-next-line no-restricted-syntax -- the watch's expiry is wall-clock, as Redis's
  const watchedHere = (): boolean => watchedHereUntil > Date.now();

  /** Watched by anyone, anywhere: this process's own watch, or the shared one in Redis. */
  const watched = async (): Promise<boolean> => {
    if (watchedHere()) return true;
    if (!redis) return false;
    return (await redis.pub.exists(watchKey).catch(() => 0)) === 1;
  };

  const send = async (): Promise<void> => {
    // Measured only while someone watches (enable() does nothing when it already runs).
    delay.enable();
    io.to(SERVER_STATS_ROOM).emit(ServerEvent.ServerStats, await sample());
  };

  const tick = async (): Promise<void> => {
    if (!(await watched())) {
      delay.disable();
      return;
    }
    await send();
  };

  const timer = setInterval(() => {
    tick().catch((error: unknown) => app.log.warn({ err: error }, 'ServerStats not sent'));
  }, intervalMs);
  timer.unref();
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer);
    delay.disable();
    done();
  });

  const watch = async (socket: RealtimeSocket, on: boolean): Promise<void> => {
    if (!on) {
      await socket.leave(SERVER_STATS_ROOM);
      return;
    }
    await socket.join(SERVER_STATS_ROOM);
    // eslint-disable-next-line no-restricted-syntax -- the watch's expiry is wall-clock, as Redis's
    watchedHereUntil = Date.now() + SERVER_STATS_WATCH_MS;
    await redis?.pub.set(watchKey, '1', 'PX', SERVER_STATS_WATCH_MS).catch(() => undefined);
    // This instance answers at once; the others at their next tick.
    await send();
  };

  const isAdmin = async (userId: number): Promise<boolean> => {
    const row = await findUserRow(app.database.db, userId);
    return row !== undefined && isAdminRole(row.role as Role);
  };

  io.on('connection', (socket) => {
    const listen = socket as unknown as {
      on(event: string, listener: (payload: unknown, ack: unknown) => void): void;
    };
    listen.on(ClientEvent.WatchServerStats, (payload, ack) => {
      const definition = CLIENT_TO_SERVER.WatchServerStats;
      const answer = (result: 'ok' | 'unallowed'): void => {
        if (typeof ack === 'function') {
          (ack as (value: unknown) => void)(definition.ack.parse({ result }));
        }
      };
      const read = definition.payload.safeParse(payload);
      if (!read.success) return answer('unallowed');
      isAdmin(socket.data.userId)
        .then(async (admin) => {
          if (!admin) return answer('unallowed');
          await watch(socket, read.data.watch);
          return answer('ok');
        })
        .catch((error: unknown) => {
          app.log.warn({ err: error }, 'WatchServerStats failed');
          answer('unallowed');
        });
    });
  });
});

import { randomBytes } from 'node:crypto';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server } from 'socket.io';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { adapterPublisher } from '../redis';
import type { RedisConnections } from '../redis';
import { authenticateSocket } from './auth';
import type { SessionVersionLookup } from './auth';
import { checkOutgoingPayloads } from './payloads';
import { userRoom } from './types';
import type { RealtimeServer } from './types';

export { userRoom } from './types';
export { RealtimePayloadError } from './payloads';
export type { JoinedRoom, RealtimeServer, RealtimeSocket, SocketData } from './types';

export const SOCKET_PATH = '/socket.io';

/** The Redis adapter's channel prefix for a deployment's `REDIS_KEY_PREFIX`. */
const adapterKey = (redisKeyPrefix: string): string => `${redisKeyPrefix}socket.io`;

/**
 * A session id that starts with the instance's route: after the handshake every polling request
 * and the WebSocket upgrade carry it (`?sid=`), and the balancer maps that prefix to this instance.
 * The rest is as random as engine.io's own ids (15 bytes).
 */
export const routedSessionId = (route: string): string =>
  `${route}.${randomBytes(15).toString('base64url')}`;

/**
 * socket.io on the API's own HTTP server. With Redis, the adapter relays room broadcasts between
 * instances, so an event emitted by one instance reaches sockets connected to another. Every
 * event goes out through its payload schema (./payloads). A socket is let in only with a token of
 * its user's current session (`sessionVersionOf`, from auth).
 */
export function attachRealtime(
  app: FastifyInstance,
  config: Pick<Config, 'corsOrigins' | 'jwtSecret' | 'env' | 'socketRoute' | 'redisKeyPrefix'>,
  redis: RedisConnections | undefined,
  sessionVersionOf: SessionVersionLookup,
): RealtimeServer {
  const io: RealtimeServer = new Server(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    cors: { origin: config.corsOrigins, credentials: true },
    // The adapter's channels carry the deployment's key prefix, as its keys do: deployments (and
    // test servers) sharing one Redis never hear each other's rooms (decision 289).
    adapter: redis
      ? createAdapter(adapterPublisher(redis.pub, app.log), redis.sub, {
          key: adapterKey(config.redisKeyPrefix),
        })
      : undefined,
  });
  const route = config.socketRoute;
  if (route !== undefined) io.engine.generateId = () => routedSessionId(route);
  checkOutgoingPayloads(io, { strict: config.env !== 'production', log: app.log });
  io.use(authenticateSocket(config, sessionVersionOf));
  io.on('connection', (socket) => {
    void socket.join(userRoom(socket.data.userId));
  });
  // Open WebSockets would keep the HTTP server from closing, so they go first. The server itself
  // is closed by the app's onClose, in order with Redis.
  app.addHook('preClose', (done) => {
    io.local.disconnectSockets(true);
    done();
  });
  return io;
}

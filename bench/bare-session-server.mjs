// The yardstick of `npm run bench:session`: a bare socket.io server with the Redis adapter, no
// database, no checks, no limit. A socket joins its session's room when it asks; a signaling
// event is relayed to the room except the sender (through Redis to the other instance) with the
// sender's id, and acknowledged, as the product does.
import { createServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';

const pub = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const sub = pub.duplicate();
const http = createServer();
const io = new Server(http, { adapter: createAdapter(pub, sub) });
const RELAYS = ['SessionOffer', 'SessionAnswer', 'IceCandidate'];
io.on('connection', (socket) => {
  const userId = Number(socket.handshake.auth.userId);
  void socket.join(`user:${String(userId)}`);
  socket.on('JoinSession', async (payload, ack) => {
    await socket.join(`session:${String(payload.sessionId)}`);
    ack({ result: 'ok' });
  });
  for (const event of RELAYS) {
    socket.on(event, (payload, ack) => {
      io.to(`session:${String(payload.sessionId)}`)
        .except(`user:${String(userId)}`)
        .emit(event, { ...payload, userId });
      ack({ result: 'ok' });
    });
  }
});
http.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  io.close();
  pub.disconnect();
  sub.disconnect();
  process.exit(0);
});

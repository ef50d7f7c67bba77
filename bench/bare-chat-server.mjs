// The yardstick of `npm run bench:chat`: a bare socket.io server with the Redis adapter, no
// database, no checks. A socket joins its pair's room; a message is relayed to the room (through
// Redis to the other instance) and acknowledged, as the product does after storing it.
import { createServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';

const pub = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const sub = pub.duplicate();
const http = createServer();
const io = new Server(http, { adapter: createAdapter(pub, sub) });
io.on('connection', (socket) => {
  void socket.join(`pair:${String(socket.handshake.auth.room)}`);
  socket.on('SendMessage', (payload, ack) => {
    socket.to(`pair:${String(payload.roomId)}`).emit('RoomMessage', { message: payload });
    ack({ result: 'ok' });
  });
});
http.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  io.close();
  pub.disconnect();
  sub.disconnect();
  process.exit(0);
});

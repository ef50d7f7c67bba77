// The yardstick: a bare Fastify route on the same machine, run with the same settings as the
// product server, so every figure in RESULTS.md can be read as a ratio to it.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT ?? 4801), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));

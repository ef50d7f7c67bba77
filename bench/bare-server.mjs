// The yardstick: a bare Fastify route on the same machine, run with the same settings as the
// product server, so every figure in RESULTS.md can be read as a ratio to it. `/bare-page` serves
// whatever bytes and headers the run last PUT there (a real cached page, as it is on the wire), to
// show how much of a gap is the page's own size rather than the product's work.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
let page = { body: Buffer.from('{}'), headers: { 'content-type': 'application/json' } };
app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
app.get('/bare', async () => ({ status: 'ok' }));
app.get('/bare-page', async (_request, reply) => reply.headers(page.headers).send(page.body));
app.put('/bare-page', async (request, reply) => {
  page = { body: request.body, headers: JSON.parse(request.headers['x-page-headers']) };
  return reply.code(204).send();
});
await app.listen({ port: Number(process.env.PORT ?? 4801), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));

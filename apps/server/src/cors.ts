import fp from 'fastify-plugin';
import { AppError } from './errors';

export interface CorsOptions {
  /** The origins whose pages may read the API's answers, with the user's credentials. */
  origins: readonly string[];
  methods: readonly string[];
  /** Answer headers those pages may read. */
  exposedHeaders: readonly string[];
  /** How long a browser may reuse a preflight answer. */
  maxAgeSeconds: number;
}

/**
 * CORS for the apps, which run on other origins than the API. A small hook of our own instead of
 * @fastify/cors: that plugin rebuilt its options object and its header strings on every request,
 * a measurable share of a cached public page's cost (bench/RESULTS.md). The rules are the same:
 * an allowed origin is echoed with credentials and the exposed headers; any other origin gets no
 * allow header; every answer varies by Origin, so shared caches keep them apart.
 */
export const cors = fp(
  async (app, options: CorsOptions) => {
    const allowed = new Set(options.origins);
    const exposed = options.exposedHeaders.join(', ');
    const methods = options.methods.join(', ');
    const maxAge = String(options.maxAgeSeconds);

    app.addHook('onRequest', (request, reply, done) => {
      reply.header('vary', 'Origin');
      const origin = request.headers.origin;
      if (origin !== undefined && allowed.has(origin)) {
        reply
          .header('access-control-allow-origin', origin)
          .header('access-control-allow-credentials', 'true')
          .header('access-control-expose-headers', exposed);
      }
      done();
    });

    // The preflight of any path; it runs no access check (the browser sends no token with it).
    app.options('*', (request, reply) => {
      const requested = request.headers['access-control-request-headers'];
      if (!request.headers.origin || !request.headers['access-control-request-method']) {
        throw new AppError('bad-request', 'Not a CORS preflight');
      }
      reply
        .header('access-control-allow-methods', methods)
        .header('access-control-max-age', maxAge)
        .header('vary', 'Origin, Access-Control-Request-Headers');
      if (requested !== undefined) reply.header('access-control-allow-headers', requested);
      return reply.code(204).header('content-length', '0').send();
    });
  },
  { name: 'cors' },
);

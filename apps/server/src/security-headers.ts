import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every answer. The middleware is built once here: @fastify/helmet
 * builds it again on every request (parsing the whole Content-Security-Policy each time), which
 * cost a measurable share of the public list's requests per second (bench/RESULTS.md).
 */
export const securityHeaders = fp(
  async (app, options: HelmetOptions) => {
    const apply = helmet(options);
    app.addHook('onRequest', (request, reply, next) => {
      apply(request.raw, reply.raw, (error?: unknown) => next(error as Error | undefined));
    });
  },
  { name: 'security-headers' },
);

import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { HelmetOptions } from 'helmet';

/**
 * The headers Helmet sets with these options, gathered once: without functions in the options
 * they do not depend on the request. Running Helmet's dozen middlewares on every request cost a
 * measurable share of the public list's requests per second (bench/RESULTS.md).
 */
export function securityHeadersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('helmet did not finish synchronously');
  return headers;
}

/** Helmet's security headers on every answer. */
export const securityHeaders = fp(
  async (app, options: HelmetOptions) => {
    const headers = securityHeadersOf(options);
    app.addHook('onRequest', (_request, reply, next) => {
      reply.headers(headers);
      next();
    });
  },
  { name: 'security-headers' },
);

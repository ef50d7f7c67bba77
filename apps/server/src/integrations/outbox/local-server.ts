import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/** What every local simulator hands back once it listens. */
export interface LocalServer {
  /** `http://127.0.0.1:4510` (or `smtp://…` for the mail simulator). */
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface LocalServerOptions {
  /** 0 picks a free port (tests). */
  port?: number;
  /** Loopback by default: the simulators hold codes and must not face a network. */
  host?: string;
  logger?: FastifyBaseLogger;
}

export const LOOPBACK = '127.0.0.1';

/** A bare Fastify for a simulator: no request logging unless a logger is given. */
export function createLocalFastify(logger: FastifyBaseLogger | undefined): FastifyInstance {
  return Fastify(
    logger ? { loggerInstance: logger.child({ simulator: true }) } : { logger: false },
  );
}

/**
 * Reads HTML form posts (`application/x-www-form-urlencoded`) into a flat object: the simulators'
 * pages post forms, as the providers' own pages do. A repeated name keeps its last value.
 */
export function acceptForms(app: FastifyInstance, bodyLimit?: number): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', ...(bodyLimit === undefined ? {} : { bodyLimit }) },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}

const urlHost = (host: string): string =>
  host === '0.0.0.0' || host === '::' ? LOOPBACK : host.includes(':') ? `[${host}]` : host;

/** Listens and returns the URL, port and a close that is safe to call twice. */
export async function listenLocal(
  app: FastifyInstance,
  options: LocalServerOptions,
): Promise<LocalServer> {
  const host = options.host ?? LOOPBACK;
  await app.listen({ port: options.port ?? 0, host });
  const { port } = app.server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost(host)}:${port}`,
    port,
    close: () => (closing ??= app.close()),
  };
}

export { urlHost };

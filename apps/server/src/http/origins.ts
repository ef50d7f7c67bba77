import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * Where this server and the web app are reached: on loopback by the simulators in this process,
 * by browsers at the public origins (payments' return URLs, calendar feeds, reminders' links).
 */

/** Where this instance is reachable on loopback (the simulators run in the same process). */
export function loopbackOrigin(app: FastifyInstance): string | undefined {
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') return undefined;
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}

/** The API's origin as the browser reaches it: PUBLIC_API_URL, else the request's own. */
export function browserApiOrigin(config: Pick<Config, 'publicUrls'>, request: FastifyRequest) {
  return config.publicUrls.api ?? `${request.protocol}://${request.host}`;
}

const originOf = (url: string): string | undefined => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/**
 * The web app's origins: PUBLIC_WEB_URL, else localhost and 127.0.0.1 on the web port and any
 * CORS origin on that port (a LAN address). Return URLs handed to a gateway must be one of them,
 * so our payment pages cannot be made to send a browser elsewhere.
 */
export function webOrigins(config: Pick<Config, 'publicUrls' | 'appPorts' | 'corsOrigins'>) {
  if (config.publicUrls.web) return [config.publicUrls.web];
  const port = String(config.appPorts.web);
  const local = [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
  const more = config.corsOrigins.filter(
    (origin) => originOf(origin) && new URL(origin).port === port,
  );
  return [...new Set([...local, ...more])];
}

export const isWebUrl = (
  config: Pick<Config, 'publicUrls' | 'appPorts' | 'corsOrigins'>,
  url: string,
): boolean => {
  const origin = originOf(url);
  return origin !== undefined && webOrigins(config).includes(origin);
};

/** The web app's origin for this browser: its Origin header when that is ours, else the first. */
export function webOriginFor(
  config: Pick<Config, 'publicUrls' | 'appPorts' | 'corsOrigins'>,
  request?: FastifyRequest,
): string {
  const origins = webOrigins(config);
  const given = request?.headers.origin;
  if (given && origins.includes(given)) return given;
  return origins[0] ?? `http://localhost:${config.appPorts.web}`;
}

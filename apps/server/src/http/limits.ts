import type {
  FastifyInstance,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import { AppError } from '../errors';

interface Window {
  max: number;
  minutes: number;
}

/**
 * Abuse limits (sign-in, sign-up, codes), counted in Redis when configured so every instance
 * shares them, else in this process. Going over answers 429 `too-many-requests`.
 */
function limiter(
  app: FastifyInstance,
  name: string,
  window: Window,
  key: (request: FastifyRequest) => string,
  exempt?: (request: FastifyRequest) => boolean | Promise<boolean>,
) {
  return app.rateLimit({
    max: window.max,
    timeWindow: window.minutes * 60_000,
    keyGenerator: (request) => `${name}:${key(request)}`,
    ...(exempt ? { allowList: exempt } : {}),
  });
}

/** Per client address (trusted addresses, such as a gateway everyone shares, are exempt). */
export const limitPerAddress = (
  app: FastifyInstance,
  name: string,
  window: Window,
): onRequestHookHandler =>
  limiter(
    app,
    name,
    window,
    (request) => request.ip,
    (request) => app.config.trustedAddresses.includes(request.ip),
  );

/**
 * Per client address, checked after the body is parsed, so a request `exempt` by its body (a
 * password sign-in with its device's token, issue 15) is not counted nor held back.
 */
export const limitPerAddressUnless = (
  app: FastifyInstance,
  name: string,
  window: Window,
  exempt: (request: FastifyRequest) => Promise<boolean>,
): preHandlerHookHandler =>
  limiter(
    app,
    name,
    window,
    (request) => request.ip,
    async (request) => app.config.trustedAddresses.includes(request.ip) || (await exempt(request)),
  );

function accountKey(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  if (typeof body?.email === 'string') return `email:${body.email.trim().toLowerCase()}`;
  return request.identity ? `user:${request.identity.userId}` : `ip:${request.ip}`;
}

/** Per account: the e-mail of the body (read after parsing), or the signed-in user. */
export const limitPerAccount =
  (app: FastifyInstance, name: string, window: Window): preHandlerHookHandler =>
  async (request, reply) => {
    const windowMs = window.minutes * 60_000;
    const count = await app.attempts.hit(`${name}:${accountKey(request)}`, windowMs);
    if (count > window.max) {
      reply.header('retry-after', String(Math.ceil(windowMs / 1000)));
      throw new AppError('too-many-requests', 'Too many attempts for this account');
    }
  };

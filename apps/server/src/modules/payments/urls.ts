import type { FastifyInstance, FastifyRequest } from 'fastify';
import { browserApiOrigin, loopbackOrigin } from '../../http/origins';

/**
 * Where a gateway's server reaches our notification routes: the simulators call this process on
 * loopback; the real gateways need the public origin (PUBLIC_API_URL, else the request's).
 */
export function callbackOrigin(app: FastifyInstance, request?: FastifyRequest): string | undefined {
  if (app.payments.simulators) return loopbackOrigin(app);
  return app.config.publicUrls.api ?? (request ? browserApiOrigin(app.config, request) : undefined);
}

/** The checkout page that shows a transaction's outcome (spec route /checkout/{planId}/{period}). */
export function checkoutResultUrl(
  webOrigin: string,
  transaction: { id: number; planId: number | null; period: number | null },
): string {
  const path =
    transaction.planId !== null && transaction.period !== null
      ? `/checkout/${transaction.planId}/${transaction.period}`
      : '/payments';
  const url = new URL(path, webOrigin);
  url.searchParams.set('tx', String(transaction.id));
  return url.href;
}

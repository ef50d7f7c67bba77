import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { FastifyReply } from 'fastify';
import { acceptForms } from '../../outbox/local-server';
import { sendSimulatorPage } from '../../simulator-page';
import { chooserPage, errorPage } from './pages';
import { fragmentRedirect, isLoopbackHost, parseAccount, parseAuthRequest } from './request';
import { createTokenSigner, simulatedSubject } from './tokens';
import {
  GoogleSimulatorError,
  SIMULATOR_CLIENT_ID,
  SIMULATOR_ISSUER,
  SIMULATOR_PATHS,
} from './types';
import type { GoogleSimulator, GoogleSimulatorOptions } from './types';

/**
 * A local stand-in for Google's OpenID Connect endpoints, for the implicit `id_token` flow the
 * web app uses. It speaks the production protocol: the browser is sent to the authorization
 * endpoint, the person picks an account, and the browser comes back to
 * `redirect_uri#id_token=<jwt>&state=<state>`. Tokens are RS256, published in a JWKS and issued
 * as `https://accounts.google.com`, so the server's production verifier checks them unchanged;
 * only the JWKS URL differs.
 */

const FORM_BODY_LIMIT = 16 * 1024;

const redirectTo = (reply: FastifyReply, location: string): FastifyReply =>
  reply
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .redirect(location, 302);

const originOf = (host: string, port: number): string =>
  `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;

/** Starts the simulator on loopback and resolves once it listens. */
export async function startGoogleSimulator({
  port,
  host = '127.0.0.1',
  clientIds,
  logger,
}: GoogleSimulatorOptions): Promise<GoogleSimulator> {
  if (!isLoopbackHost(host)) {
    throw new GoogleSimulatorError(`The Google simulator only listens on loopback, not ${host}`);
  }
  const { keyId, publicJwk, signIdToken } = await createTokenSigner(
    clientIds?.[0] ?? SIMULATOR_CLIENT_ID,
  );

  const app = logger ? Fastify({ loggerInstance: logger }) : Fastify({ logger: false });
  acceptForms(app, FORM_BODY_LIMIT);

  let origin = '';
  app.get(SIMULATOR_PATHS.discovery, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=3600').send({
      issuer: SIMULATOR_ISSUER,
      authorization_endpoint: `${origin}${SIMULATOR_PATHS.authorize}`,
      jwks_uri: `${origin}${SIMULATOR_PATHS.jwks}`,
      response_types_supported: ['id_token'],
      response_modes_supported: ['fragment'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'email', 'profile'],
      claims_supported: [
        'aud',
        'email',
        'email_verified',
        'exp',
        'iat',
        'iss',
        'name',
        'picture',
        'sub',
        'nonce',
      ],
    }),
  );

  app.get(SIMULATOR_PATHS.jwks, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send({ keys: [publicJwk] }),
  );

  app.get(SIMULATOR_PATHS.authorize, async (request, reply) => {
    const parsed = parseAuthRequest(request.query, clientIds);
    if (!parsed.ok) return sendSimulatorPage(reply, 400, errorPage(parsed.problem));
    // Choosing an account always needs the person, so "no interaction" cannot be honoured.
    if (parsed.value.prompt === 'none') {
      return redirectTo(reply, fragmentRedirect(parsed.value, { error: 'interaction_required' }));
    }
    return sendSimulatorPage(reply, 200, chooserPage(parsed.value));
  });

  app.post(SIMULATOR_PATHS.approve, async (request, reply) => {
    const parsed = parseAuthRequest(request.body, clientIds);
    if (!parsed.ok) return sendSimulatorPage(reply, 400, errorPage(parsed.problem));
    const account = parseAccount(request.body);
    if (!account.ok) return sendSimulatorPage(reply, 400, errorPage(account.problem));
    const idToken = await signIdToken({
      aud: parsed.value.clientId,
      sub: simulatedSubject(account.value.email),
      email: account.value.email,
      email_verified: account.value.emailVerified,
      name: account.value.name,
      nonce: parsed.value.nonce,
    });
    return redirectTo(reply, fragmentRedirect(parsed.value, { id_token: idToken }));
  });

  app.post(SIMULATOR_PATHS.deny, async (request, reply) => {
    const parsed = parseAuthRequest(request.body, clientIds);
    if (!parsed.ok) return sendSimulatorPage(reply, 400, errorPage(parsed.problem));
    return redirectTo(reply, fragmentRedirect(parsed.value, { error: 'access_denied' }));
  });

  await app.listen({ port, host });
  origin = originOf(host, (app.server.address() as AddressInfo).port);
  return {
    url: origin,
    authUrl: `${origin}${SIMULATOR_PATHS.authorize}`,
    jwksUrl: `${origin}${SIMULATOR_PATHS.jwks}`,
    issuer: SIMULATOR_ISSUER,
    keyId,
    signIdToken,
    close: () => app.close(),
  };
}

import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ADMIN_ROLES, API_PREFIX } from '@talaqa/domain';
import type { Access, EndpointDefinition, Role } from '@talaqa/domain';
import { eq, sql } from 'drizzle-orm';
import { preparedOnce } from '../db';
import { AppError } from '../errors';
import { users } from '../db/schema';
import { bearerToken, verifyAccessToken } from '../security/tokens';
import type { AccessTokenPayload } from '../security/tokens';

/**
 * Access is declared on every route under /api/v1 as `config: { access }` (the values come from
 * the domain, so contracts and the permission test read the same ones); this plugin checks it.
 */
export { admins, ADMIN_ROLES, anyone, rolesOnly, signedIn } from '@talaqa/domain';
export type { Access } from '@talaqa/domain';

/** The caller, as far as the server trusts it: the user of a valid token that still exists. */
export interface Identity {
  userId: number;
  role: Role;
}

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
  /** The contract the route serves (`serve()` sets it); see assertEveryRouteServesAContract. */
  endpoint?: EndpointDefinition;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    identity: Identity | null;
    /** The verified access token behind `identity` (its session claims), else null. */
    accessToken: AccessTokenPayload | null;
  }
  interface FastifyInstance {
    /** Every API route with its declared access: the permission test walks this list. */
    routeAccess: RouteAccess[];
  }
}

export const isAdmin = (identity: Identity | null): boolean =>
  identity !== null && (ADMIN_ROLES as readonly Role[]).includes(identity.role);

/** The identity of a signed-in caller; routes declared `signed-in` or `roles` always have one. */
export function identityOf(request: FastifyRequest): Identity {
  if (!request.identity) throw new AppError('unauthenticated');
  return request.identity;
}

/** Every signed-in request runs it: prepared once (db/index.ts). */
const identityStatement = preparedOnce((db) =>
  db
    .select({ id: users.id, role: users.role, sessionVersion: users.sessionVersion })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_identity'),
);

async function resolveIdentity(app: FastifyInstance, request: FastifyRequest): Promise<Identity> {
  const bearer = bearerToken(request.headers.authorization);
  if (!bearer) throw new AppError('unauthenticated', 'Sign-in required');
  const token = await verifyAccessToken(bearer, app.config);
  // The role is read from the database on every request, so a changed role or a deleted account
  // takes effect at once instead of when the token expires; the session version in the same row,
  // so a password change or sign-out-all ends older tokens at once too.
  const [user] = await identityStatement(app.database.db).execute({ id: token.id });
  if (!user) throw new AppError('unauthenticated', 'The account no longer exists');
  if (user.sessionVersion !== token.sessionVersion) {
    throw new AppError('unauthenticated', 'This session has ended');
  }
  request.accessToken = token;
  return { userId: user.id, role: user.role as Role };
}

function checkAccess(access: Access, identity: Identity): void {
  if (access.kind === 'roles' && !access.roles.includes(identity.role)) {
    throw new AppError('forbidden', 'This account may not do that');
  }
}

async function identify(app: FastifyInstance, request: FastifyRequest, access: Access) {
  if (access.kind === 'anyone') {
    request.identity = await resolveIdentity(app, request).catch(() => null);
    return;
  }
  request.identity = await resolveIdentity(app, request);
  checkAccess(access, request.identity);
}

/**
 * Refuses to start when an API route declares no access, records each route's access, and checks
 * it on every request before the body is read (so a stranger learns nothing from validation).
 */
export const accessControl = fp(async (app: FastifyInstance) => {
  app.decorate('routeAccess', [] as RouteAccess[]);
  app.decorateRequest('identity', null);
  app.decorateRequest('accessToken', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX)) return;
    const access = route.config?.access;
    if (!access) throw new Error(`${route.method} ${route.url} declares no access`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD') {
        app.routeAccess.push({ method, url: route.url, access, endpoint: route.config?.endpoint });
      }
    }
  });

  // A callback hook: a public request without a token (the busiest kind) pays no promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const access = request.routeOptions.config.access;
    if (!access) return done();
    // A public route still knows its caller when a valid token comes along; a bad one is ignored.
    // Without one there is nothing to resolve (no error built: public pages are hot paths).
    if (access.kind === 'anyone' && !bearerToken(request.headers.authorization)) return done();
    identify(app, request, access).then(() => done(), done);
  });
});

/** Your own profile, or anyone's for an admin. */
export function assertSelfOrAdmin(caller: Identity, userId: number): void {
  if (caller.userId !== userId && !isAdmin(caller)) {
    throw new AppError('forbidden', 'Only the owner or an admin may do that');
  }
}

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { anyone, endpoint, signedIn } from '@talaqa/domain';
import {
  assertEveryRouteServesAContract,
  contractsWithoutRoute,
  routesWithoutContract,
} from '../../src/http/endpoint';
import type { RouteAccess } from '../../src/http/access';

const status = endpoint({
  method: 'GET',
  path: '/status',
  summary: 'A status',
  access: anyone,
  responses: { 200: z.object({ ok: z.boolean() }) },
});
const profile = endpoint({
  method: 'PUT',
  path: '/profile/:id',
  summary: 'A profile',
  access: signedIn,
  responses: { 200: z.object({ id: z.number() }) },
});

const served = (definition: typeof status | typeof profile): RouteAccess => ({
  method: definition.method,
  url: `/api/v1${definition.path}`,
  access: definition.access,
  endpoint: definition,
});

describe('every route serves a contract', () => {
  it('holds when routes and contracts match one to one', () => {
    const app = { routeAccess: [served(status), served(profile)] };
    expect(() => assertEveryRouteServesAContract(app, [status, profile])).not.toThrow();
  });

  it('names a route written by hand, without a contract', () => {
    const app = {
      routeAccess: [served(status), { method: 'GET', url: '/api/v1/by-hand', access: anyone }],
    };
    expect(routesWithoutContract(app, [status])).toEqual(['GET /api/v1/by-hand']);
    expect(() => assertEveryRouteServesAContract(app, [status])).toThrow(
      /route without a contract: GET \/api\/v1\/by-hand/,
    );
  });

  it('names a route serving a contract outside the registry', () => {
    const app = { routeAccess: [served(status), served(profile)] };
    expect(routesWithoutContract(app, [status])).toEqual(['PUT /api/v1/profile/:id']);
    expect(() => assertEveryRouteServesAContract(app, [status])).toThrow(
      /route without a contract: PUT \/api\/v1\/profile\/:id/,
    );
  });

  it('names a contract no route serves', () => {
    const app = { routeAccess: [served(status)] };
    expect(contractsWithoutRoute(app, [status, profile])).toEqual(['PUT /api/v1/profile/:id']);
    expect(() => assertEveryRouteServesAContract(app, [status, profile])).toThrow(
      /contract without a route: PUT \/api\/v1\/profile\/:id/,
    );
  });
});

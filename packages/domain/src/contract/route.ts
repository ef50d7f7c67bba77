/**
 * An endpoint's route without its schemas (issue 20, Performance:
 * docs/decisions/308-first-load-without-schemas.md): the method, the path, who may call it and how
 * its answer is read. It is enough to call the endpoint, and an app's shell calls the few endpoints
 * it needs before the first page through routes, so zod and the contracts' schemas load with the
 * pages instead. This module builds no schema.
 *
 * A route is written once, in its feature's `routes.ts`, and its contract spreads it
 * (`endpoint({ ...authRoutes.refreshToken, summary, responses })`), so the two cannot disagree.
 */
import type { EndpointDefinition } from './endpoint';

/** The fields of a contract a call needs (the rest are schemas and documentation). */
export type RouteField = 'method' | 'path' | 'access' | 'idempotent' | 'contentType';

export type EndpointRoute = Pick<EndpointDefinition, RouteField>;

/** The route fields `E` declares, with their literal types. */
export type RouteOf<E extends EndpointDefinition> = Pick<E, RouteField & keyof E>;

/**
 * A route standing for its contract `E`: callable like `E` (the answer typed by `E`'s schemas),
 * and `contract()` loads `E` itself where its schemas are wanted (a check of the answer outside
 * production). Never for an endpoint answering a file: a route's answer is JSON, or text when it
 * has a `contentType`.
 */
export type EndpointRef<E extends EndpointDefinition> = RouteOf<E> & {
  readonly contract: () => Promise<E>;
};

/** A contract or a route standing for it: what an API client calls. */
export type Callable<E extends EndpointDefinition> = E | EndpointRef<E>;

/** Whether `endpoint` is a route standing for its contract, not the contract itself. */
export const isEndpointRef = <E extends EndpointDefinition>(
  endpoint: Callable<E>,
): endpoint is EndpointRef<E> => !('responses' in endpoint);

/**
 * `route` as the stand-in of the contract `contract()` loads; the compiler checks the route is
 * the contract's own (a contract spreads its route, so they agree by construction).
 */
export const refTo = <E extends EndpointDefinition>(
  route: RouteOf<E>,
  contract: () => Promise<E>,
): EndpointRef<E> => ({ ...route, contract });

/**
 * `/lesson/:id` with `{id: 5}` is `/lesson/5` (each value URI-encoded). Here, not in endpoint.ts,
 * whose schemas would come with it.
 */
export function pathOf(path: string, params?: Record<string, unknown>): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${path} needs the param ${name}`);
    return encodeURIComponent(String(value));
  });
}

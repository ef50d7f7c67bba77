/**
 * Serves an endpoint's contract (packages/domain) as a Fastify route: the path, the method, the
 * access rule and every schema come from the contract, so the route cannot drift from the client
 * or the API reference. Answers go out through the contract's response schemas (unknown fields
 * are dropped, a wrong shape is a server fault, never a leak) and errors through the error body
 * schema.
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteShorthandOptions,
} from 'fastify';
import { API_PREFIX, ENDPOINTS, errorBodySchema, successStatusOf } from '@talaqa/domain';
import type {
  BodyOf,
  EndpointDefinition,
  HandlerResultOf,
  ParamsOf,
  QueryOf,
} from '@talaqa/domain';
import type { App } from './server';

export type EndpointRequest<E extends EndpointDefinition> = FastifyRequest<{
  Params: ParamsOf<E>;
  Querystring: QueryOf<E>;
  Body: BodyOf<E>;
}>;

/** A handler answers the contract's body, or sends its own answer and returns the reply. */
export type EndpointHandler<E extends EndpointDefinition> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<HandlerResultOf<E> | FastifyReply>;

/** Route options the contract does not carry (limits, hooks such as rate limits, log level). */
export type EndpointOptions = Pick<
  RouteShorthandOptions,
  'bodyLimit' | 'logLevel' | 'onRequest' | 'preValidation' | 'preHandler'
> & {
  config?: Record<string, unknown>;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract this route serves (every /api/v1 route has one). */
    endpoint?: EndpointDefinition;
  }
}

function responseSchemas(definition: EndpointDefinition) {
  return { ...definition.responses, '4xx': errorBodySchema, '5xx': errorBodySchema };
}

/**
 * The route's schemas. A part the contract does not have is left out rather than set to
 * undefined, which Fastify takes for a schema gone missing (FSTWRN001 at every start).
 */
function routeSchema(definition: EndpointDefinition): FastifySchema {
  const { summary, description, params, query, body } = definition;
  return {
    summary,
    ...(description ? { description } : {}),
    ...(params ? { params } : {}),
    ...(query ? { querystring: query } : {}),
    ...(body ? { body } : {}),
    response: responseSchemas(definition),
  };
}

export function serve<E extends EndpointDefinition>(
  app: App,
  definition: E,
  handler: EndpointHandler<E>,
  options: EndpointOptions = {},
): void {
  const status = successStatusOf(definition);
  app.route({
    method: definition.method,
    url: definition.path,
    bodyLimit: options.bodyLimit,
    logLevel: options.logLevel,
    onRequest: options.onRequest,
    preValidation: options.preValidation,
    preHandler: options.preHandler,
    config: { ...options.config, access: definition.access, endpoint: definition },
    schema: routeSchema(definition),
    handler: async (request, reply) => {
      reply.code(status);
      const result = await handler(request as unknown as EndpointRequest<E>, reply);
      if (result === reply || reply.sent) return reply;
      if (status === 204) return reply.send();
      // A text answer (an iCalendar document) goes out as is, under its own media type.
      if (definition.contentType) reply.type(definition.contentType);
      return result;
    },
  });
}

type RoutesOf = Pick<FastifyInstance, 'routeAccess'>;

const routeName = (route: { method: string; url: string }): string =>
  `${route.method} ${route.url}`;

/**
 * API routes registered without a contract of the registry: written by hand (`app.get(...)`
 * instead of `serve()`), or serving a contract ENDPOINTS does not hold (no client, no reference).
 */
export function routesWithoutContract(
  app: RoutesOf,
  endpoints: readonly EndpointDefinition[] = ENDPOINTS,
): string[] {
  const registered = new Set(endpoints);
  return app.routeAccess
    .filter((route) => !route.endpoint || !registered.has(route.endpoint))
    .map(routeName);
}

/** Contracts no route serves: a client calling them would get 404. */
export function contractsWithoutRoute(
  app: RoutesOf,
  endpoints: readonly EndpointDefinition[] = ENDPOINTS,
): string[] {
  const served = new Set(app.routeAccess.map((route) => route.endpoint));
  return endpoints
    .filter((definition) => !served.has(definition))
    .map((definition) =>
      routeName({ method: definition.method, url: `${API_PREFIX}${definition.path}` }),
    );
}

/**
 * Every API route serves a contract and every contract has its route, or the server must not
 * start: a route outside the contracts has no checked answer, no typed client and no place in the
 * reference. Call it once every route is registered (before `ready()`).
 */
export function assertEveryRouteServesAContract(
  app: RoutesOf,
  endpoints: readonly EndpointDefinition[] = ENDPOINTS,
): void {
  const routes = routesWithoutContract(app, endpoints);
  const contracts = contractsWithoutRoute(app, endpoints);
  if (routes.length === 0 && contracts.length === 0) return;
  const lines = [
    ...routes.map((route) => `route without a contract: ${route}`),
    ...contracts.map((contract) => `contract without a route: ${contract}`),
  ];
  throw new Error(`Routes and contracts differ:\n${lines.join('\n')}`);
}

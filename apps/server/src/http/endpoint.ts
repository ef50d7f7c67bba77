/**
 * Serves an endpoint's contract (packages/domain) as a Fastify route: the path, the method, the
 * access rule and every schema come from the contract, so the route cannot drift from the client
 * or the API reference. Answers go out through the contract's response schemas (unknown fields
 * are dropped, a wrong shape is a server fault, never a leak) and errors through the error body
 * schema.
 */
import type { FastifyReply, FastifyRequest, FastifySchema, RouteShorthandOptions } from 'fastify';
import { errorBodySchema, successStatusOf } from '@talaqa/domain';
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

/**
 * The OpenAPI 3.1 document of the API, made by @fastify/swagger from the routes as they are
 * registered: a route that serves a contract (`serve()`, apps/server/src/http/endpoint.ts) is
 * documented from that contract; every other route (the docs page's files, test probes) is left
 * out. zod schemas become JSON Schema through fastify-type-provider-zod's transforms, the same
 * schemas Fastify validates and serializes with.
 */
import swagger from '@fastify/swagger';
import type { FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API,
  API_PREFIX,
  CLIENT_TO_SERVER,
  SERVER_TO_CLIENT,
  errorBodySchema,
} from '@talaqa/domain';
import type { ClientEventName, EndpointDefinition, ServerEventName } from '@talaqa/domain';
import { clientEventComponentNames, eventComponentName, referenceDescription } from './catalogue';
import type { EndpointName, EndpointRegistry } from './operations';
import {
  ERROR_BODY_COMPONENT,
  completeOperations,
  describeOperation,
  errorResponses,
  errorsByStatus,
  endpointNames,
  idempotencyHeaders,
  successDescription,
  uploadBody,
} from './operations';

type Transform = typeof jsonSchemaTransform;
type TransformInput = Parameters<Transform>[0];
type JsonObject = Record<string, unknown>;

/** An answer's schema as JSON Schema, for `components.schemas`. */
function componentOf(schema: z.ZodType): JsonObject {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io: 'output',
  });
  return json;
}

/** The payload of every realtime event the server sends (the realtime contract). */
function eventComponents(): JsonObject {
  return Object.fromEntries(
    (Object.keys(SERVER_TO_CLIENT) as ServerEventName[]).map((event) => [
      eventComponentName(event),
      componentOf(SERVER_TO_CLIENT[event].payload),
    ]),
  );
}

/** The payload and acknowledgement of every event the client sends (the realtime contract). */
function clientEventComponents(): JsonObject {
  return Object.fromEntries(
    (Object.keys(CLIENT_TO_SERVER) as ClientEventName[]).flatMap((event) => {
      const names = clientEventComponentNames(event);
      const { payload, ack } = CLIENT_TO_SERVER[event];
      return [
        [names.payload, componentOf(payload)],
        [names.ack, componentOf(ack)],
      ];
    }),
  );
}

/** The contract's success statuses only; the error responses come from `errorResponses`. */
function successResponses(definition: EndpointDefinition): Record<string, z.ZodType> {
  return Object.fromEntries(
    Object.entries(definition.responses).filter(
      (entry): entry is [string, z.ZodType] => entry[1] !== undefined,
    ),
  );
}

/**
 * Each success response is described by its schema's description, else by its status
 * (@fastify/swagger reads `x-response-description` and leaves it out of the schema).
 */
function describeSuccesses(response: JsonObject): JsonObject {
  return Object.fromEntries(
    Object.entries(response).map(([status, schema]) => {
      const json = schema as JsonObject;
      const description = json.description ?? successDescription(status);
      return [status, { ...json, 'x-response-description': description }];
    }),
  );
}

/** The documentation of one route that serves `definition`. */
function documentRoute(
  input: TransformInput,
  definition: EndpointDefinition,
  { group, name }: EndpointName,
) {
  const schema: FastifySchema = {
    ...input.schema,
    response: successResponses(definition),
    headers: definition.idempotent ? idempotencyHeaders : undefined,
  };
  const { schema: transformed, url } = jsonSchemaTransform({ ...input, schema });
  const documented: JsonObject = {
    ...transformed,
    operationId: `${group}.${name}`,
    tags: [group],
    description: describeOperation(definition),
    response: {
      ...describeSuccesses(transformed.response as JsonObject),
      ...errorResponses(definition),
    },
    'x-access': definition.access,
    'x-errors': errorsByStatus(definition),
  };
  if (definition.access.kind !== 'anyone') documented.security = [{ bearerAuth: [] }];
  if (definition.upload) {
    documented.body = uploadBody(definition);
    documented['x-upload'] = definition.upload;
  }
  if (definition.idempotent) documented['x-idempotent'] = true;
  if (definition.external) documented['x-external'] = true;
  if (definition.contentType) documented['x-content-type'] = definition.contentType;
  return { schema: documented as FastifySchema, url };
}

/** Documents the routes that serve a contract of the registry; the others are left out. */
function transformFor(registry: EndpointRegistry): Transform {
  const nameOf = endpointNames(registry);
  return (input) => {
    const definition = (input.route as RouteOptions).config?.endpoint;
    const name = definition && nameOf(definition);
    if (!definition || !name) return { schema: { hide: true }, url: input.url };
    return documentRoute(input, definition, name);
  };
}

interface OpenApiDocumentOptions {
  /** The contracts to document (tests give their own); the `API` registry by default. */
  registry?: EndpointRegistry;
}

/**
 * Registers @fastify/swagger on the root instance; it must come before the routes, whose
 * registration it watches. `app.swagger()` then answers the document.
 */
export const openApiDocument = fp<OpenApiDocumentOptions>(
  async (app, { registry = API }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Talaqa API',
          version: '1',
          description: referenceDescription(),
        },
        servers: [{ url: API_PREFIX }],
        // The registry's groups, in its order.
        tags: Object.keys(registry).map((name) => ({ name })),
        components: {
          securitySchemes: {
            bearerAuth: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description: 'The access token of a signed-in account',
            },
          },
          schemas: {
            [ERROR_BODY_COMPONENT]: componentOf(errorBodySchema),
            ...eventComponents(),
            ...clientEventComponents(),
          },
        },
      },
      transform: transformFor(registry),
      transformObject: (input) => completeOperations(jsonSchemaTransformObject(input)),
    });
  },
  { name: 'openapi-document' },
);

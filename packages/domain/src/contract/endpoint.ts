/**
 * One contract per endpoint (issue 17): its method, path, who may call it, the schemas of its
 * params, query and body, and the schema of each answer. The server's route, the typed client
 * call, the OpenAPI reference, the permission test and the fuzz test are all made from it, so a
 * path or a response shape is written once.
 *
 * Paths are relative to /api/v1 and written Fastify's way (`/lesson/:id`). Params and query are
 * strings on the wire; their schemas read them (digits to ids, `true`/`false` to flags). Response
 * schemas are plain data: the server serializes every answer through them, so a field the
 * contract does not name never leaves the server.
 */
import { z } from 'zod';
import type { Access } from '../access';
import { API_ERROR_CODES, VALIDATION_CODES } from '../errors';
import type { ErrorCode } from '../errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The answer of an endpoint that says nothing (204). */
export const noContent = z.null().meta({ description: 'No content' });

/** The body of every error answer: a catalogue code (spec section 8 or a field code). */
export const errorBodySchema = z.object({
  code: z.enum([...API_ERROR_CODES, ...VALIDATION_CODES]),
  message: z.string(),
  fields: z.array(z.object({ path: z.string(), code: z.enum(VALIDATION_CODES) })).optional(),
});

/** A file sent as `multipart/form-data` instead of a JSON body. */
export interface UploadField {
  readonly field: string;
  /** Content types the server accepts (it checks the bytes too). */
  readonly accept: readonly string[];
  readonly maxBytes: number;
}

export interface EndpointDefinition {
  readonly method: HttpMethod;
  readonly path: string;
  /** One line for the API reference. */
  readonly summary: string;
  readonly description?: string;
  readonly access: Access;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly upload?: UploadField;
  /** Each success status with its answer's schema (`noContent` for 204). */
  readonly responses: Readonly<Partial<Record<SuccessStatus, z.ZodType>>>;
  /** Catalogue codes this endpoint may answer beyond the ones every endpoint may (for the docs). */
  readonly errors?: readonly ErrorCode[];
  /** The client sends an `Idempotency-Key` header (taken from the body's `idempotencyKey`). */
  readonly idempotent?: boolean;
  /** Provider callbacks and the like: left out of the fuzz test's generated inputs. */
  readonly external?: boolean;
  /**
   * The media type of a success answer that is not JSON (`text/calendar; charset=utf-8`): its
   * schema is then a string, the server sends it as is, and the client reads it as text.
   */
  readonly contentType?: string;
}

/** 302 and 303 send the browser on (the Location header); 503 says a dependency is down. */
export type SuccessStatus = 200 | 201 | 202 | 204 | 302 | 303 | 503;

/** Declares an endpoint; `const` keeps every schema's own type for the server and the client. */
export function endpoint<const D extends EndpointDefinition>(definition: D): D {
  return definition;
}

type Schema<E, K extends 'params' | 'query' | 'body'> = E extends { [P in K]: infer S }
  ? S extends z.ZodType
    ? S
    : never
  : never;

/** What the server's handler reads (the schemas' output). */
export type ParamsOf<E extends EndpointDefinition> = z.output<Schema<E, 'params'>>;
export type QueryOf<E extends EndpointDefinition> = z.output<Schema<E, 'query'>>;
export type BodyOf<E extends EndpointDefinition> = z.output<Schema<E, 'body'>>;

type AnswerSchemaOf<E extends EndpointDefinition> = NonNullable<
  E['responses'][Exclude<keyof E['responses'], 302 | 303 | 503> & SuccessStatus]
>;

/** What a successful call answers (void for 204). */
export type ResponseOf<E extends EndpointDefinition> =
  z.output<AnswerSchemaOf<E>> extends null ? void : z.output<AnswerSchemaOf<E>>;

/** What the server's handler may return: the answer before its schema reads it. */
export type HandlerResultOf<E extends EndpointDefinition> =
  z.input<AnswerSchemaOf<E>> extends null ? void : z.input<AnswerSchemaOf<E>>;

/** What a client sends: params as the handler reads them, query and body as written. */
export type InputOf<E extends EndpointDefinition> = (E extends { params: z.ZodType }
  ? { params: z.output<Schema<E, 'params'>> }
  : { params?: undefined }) &
  (E extends { query: z.ZodType }
    ? { query?: z.input<Schema<E, 'query'>> }
    : { query?: undefined }) &
  (E extends { body: z.ZodType }
    ? undefined extends z.input<Schema<E, 'body'>>
      ? { body?: z.input<Schema<E, 'body'>> }
      : { body: z.input<Schema<E, 'body'>> }
    : { body?: undefined });

/** The first success status of an endpoint: what its route answers unless it says otherwise. */
export function successStatusOf(definition: EndpointDefinition): SuccessStatus {
  const statuses = Object.keys(definition.responses).map(Number) as SuccessStatus[];
  return statuses.sort((a, b) => a - b)[0] ?? 200;
}

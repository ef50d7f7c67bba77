/**
 * Calling an endpoint by its contract (issue 17): the path, method, access and answer type come
 * from packages/domain, so the apps write no path strings and cast no answers. With
 * `validateResponses` (on in development and tests) every answer is read through the contract's
 * schema, and a shape the contract does not declare fails loudly instead of reaching a screen.
 *
 * An endpoint may also be called through its route (`API_ROUTES`,
 * docs/decisions/308-first-load-without-schemas.md): the same call without the schemas, so an app's
 * shell does not load zod; the contract is then loaded only to check the answer. This module
 * imports no zod at run time for the same reason.
 */
import type { z } from 'zod';
import { isEndpointRef, pathOf } from '@talaqa/domain';
import type {
  Callable,
  EndpointDefinition,
  EndpointRoute,
  InputOf,
  ResponseOf,
} from '@talaqa/domain';
import type { QueryParams } from './query';
import type { HttpMethod, RequestWithBodyOptions, ResponseType, UploadOptions } from './http';

/**
 * Per-call options. Path, method, body and how the answer is read come from the contract and the
 * input; `private` may only tighten it (a screen that must not ask without a session).
 */
export type CallOptions = Omit<RequestWithBodyOptions, 'body' | 'query' | 'responseType'>;

/** The input argument is optional only when the endpoint has no params and no body. */
export type CallArgs<E extends EndpointDefinition> =
  Record<string, never> extends InputOf<E>
    ? [input?: InputOf<E>, options?: CallOptions]
    : [input: InputOf<E>, options?: CallOptions];

type UploadInput<E extends EndpointDefinition> = Pick<InputOf<E>, 'params' | 'query'>;

/** An upload's options: progress and cancel; params and query typed by the contract. */
export type UploadToOptions<E extends EndpointDefinition> = Omit<
  UploadOptions,
  'method' | 'query'
> &
  UploadInput<E>;

/** The options argument is optional only when the endpoint has no params. */
export type UploadToArgs<E extends EndpointDefinition> = E extends { params: z.ZodType }
  ? [options: UploadToOptions<E>]
  : [options?: UploadToOptions<E>];

export interface EndpointTransport {
  request<T>(method: HttpMethod, path: string, options?: RequestWithBodyOptions): Promise<T>;
  upload<T>(path: string, formData: FormData, options?: UploadOptions): Promise<T>;
}

/** Thrown when an answer breaks its contract: a bug on one side, never a person's mistake. */
export class ContractViolation extends Error {
  constructor(
    readonly endpoint: EndpointRoute,
    readonly issues: unknown,
  ) {
    super(`${endpoint.method} ${endpoint.path} answered a shape its contract does not declare`);
    this.name = 'ContractViolation';
  }
}

function idempotencyKeyOf(definition: EndpointRoute, body: unknown): string | undefined {
  if (!definition.idempotent || typeof body !== 'object' || body === null) return undefined;
  const key = (body as { idempotencyKey?: unknown }).idempotencyKey;
  return typeof key === 'string' ? key : undefined;
}

/** The answer read through the contract's success schemas (a 204 answers nothing to read). */
export function checkAnswer<E extends EndpointDefinition>(definition: E, answer: unknown) {
  if (answer === undefined) return answer as ResponseOf<E>;
  const schemas = Object.entries(definition.responses)
    .filter(([status]) => Number(status) < 300)
    .map(([, schema]) => schema);
  let issues: unknown = null;
  for (const schema of schemas) {
    const result = schema?.safeParse(answer);
    if (result?.success) return result.data as ResponseOf<E>;
    issues = result?.error?.issues ?? issues;
  }
  throw new ContractViolation(definition, issues);
}

/** The contract itself, or the one its route stands for (loaded now). */
const contractOf = <E extends EndpointDefinition>(endpoint: Callable<E>): Promise<E> | E =>
  isEndpointRef(endpoint) ? endpoint.contract() : endpoint;

/**
 * A file answer (`z.file()`, told by its schema's `type`, which needs no zod code) is read as a
 * blob, another non-JSON one (an iCalendar document) as text. A route never answers a file.
 */
function responseTypeOf<E extends EndpointDefinition>(endpoint: Callable<E>): ResponseType {
  if (!isEndpointRef(endpoint)) {
    const schemas = Object.values(endpoint.responses);
    if (schemas.some((schema) => schema?.type === 'file')) return 'blob';
  }
  return endpoint.contentType ? 'text' : 'json';
}

export async function callEndpoint<E extends EndpointDefinition>(
  transport: EndpointTransport,
  validate: boolean,
  definition: Callable<E>,
  input: Partial<InputOf<E>> = {},
  options: CallOptions = {},
): Promise<ResponseOf<E>> {
  const { params, query, body } = input as { params?: object; query?: object; body?: unknown };
  const path = pathOf(definition.path, params as Record<string, unknown> | undefined);
  const responseType = responseTypeOf(definition);
  const answer = await transport.request<unknown>(definition.method, path, {
    private: definition.access.kind !== 'anyone',
    idempotencyKey: idempotencyKeyOf(definition, body),
    ...options,
    responseType,
    query: query as QueryParams | undefined,
    body,
  });
  if (!validate || responseType !== 'json') {
    return answer as ResponseOf<E>;
  }
  return checkAnswer(await contractOf(definition), answer);
}

/** A multipart upload to an endpoint whose contract declares `upload`. */
export async function uploadToEndpoint<E extends EndpointDefinition>(
  transport: EndpointTransport,
  validate: boolean,
  definition: E,
  formData: FormData,
  options?: UploadToOptions<E>,
): Promise<ResponseOf<E>> {
  const { params, query, ...rest }: Partial<UploadToOptions<E>> = options ?? {};
  const method =
    definition.method === 'GET' || definition.method === 'DELETE' ? 'POST' : definition.method;
  const answer = await transport.upload<unknown>(
    pathOf(definition.path, params as Record<string, unknown> | undefined),
    formData,
    {
      private: definition.access.kind !== 'anyone',
      ...rest,
      method,
      query: query as QueryParams | undefined,
    },
  );
  return validate ? checkAnswer(definition, answer) : (answer as ResponseOf<E>);
}

/**
 * What the reference says about one endpoint beyond its schemas, read from its contract: its
 * name and tag, who may call it, the errors it may answer by status, the Idempotency-Key header
 * and the file of an upload.
 */
import { STATUS_CODES } from 'node:http';
import { z } from 'zod';
import { statusOfErrorCode } from '@talaqa/domain';
import type { EndpointDefinition, ErrorCode } from '@talaqa/domain';
import { accessSentence } from './catalogue';

/** The name of the error body in `components.schemas`. */
export const ERROR_BODY_COMPONENT = 'ErrorBody';
const errorBodyRef = `#/components/schemas/${ERROR_BODY_COMPONENT}`;

/** Endpoints by feature group, as the `API` registry of packages/domain holds them. */
export type EndpointRegistry = Readonly<
  Record<string, Readonly<Record<string, EndpointDefinition>>>
>;

/** Where an endpoint sits in the registry: its group is its tag, `group.name` its id. */
export interface EndpointName {
  group: string;
  name: string;
}

/** Finds each served contract's place in the registry. */
export function endpointNames(registry: EndpointRegistry) {
  const names = new Map<EndpointDefinition, EndpointName>(
    Object.entries(registry).flatMap(([group, endpoints]) =>
      Object.entries(endpoints).map(([name, definition]): [EndpointDefinition, EndpointName] => [
        definition,
        { group, name },
      ]),
    ),
  );
  return (definition: EndpointDefinition): EndpointName => {
    const name = names.get(definition);
    if (!name) throw new Error(`${definition.method} ${definition.path} is not in the registry`);
    return name;
  };
}

const hasInput = (definition: EndpointDefinition): boolean =>
  Boolean(definition.params ?? definition.query ?? definition.body ?? definition.upload);

/**
 * The codes an endpoint may answer: the ones its contract lists, plus the ones its shape implies
 * (input can be refused, a private route asks for a token, a role route for a role, an upload can
 * be too big) and the server faults any route may answer.
 */
function errorCodesOf(definition: EndpointDefinition): ErrorCode[] {
  const implied: ErrorCode[] = [];
  if (hasInput(definition)) implied.push('bad-request');
  if (definition.access.kind !== 'anyone') implied.push('unauthenticated');
  if (definition.access.kind === 'roles') implied.push('forbidden');
  if (definition.upload) implied.push('large-file-size');
  const always: ErrorCode[] = ['unexpected', 'service-unavailable'];
  return [...new Set([...implied, ...(definition.errors ?? []), ...always])];
}

/**
 * The codes by status. A status the contract answers with its own schema (health's 503) stays
 * the contract's: its codes are not listed twice.
 */
export function errorsByStatus(definition: EndpointDefinition): Record<string, ErrorCode[]> {
  const own = new Set(Object.keys(definition.responses));
  const byStatus: Record<string, ErrorCode[]> = {};
  for (const code of errorCodesOf(definition)) {
    const status = String(statusOfErrorCode(code));
    if (own.has(status)) continue;
    (byStatus[status] ??= []).push(code);
  }
  return byStatus;
}

const codeList = (codes: readonly string[]): string =>
  codes.map((code) => `\`${code}\``).join(', ');

/** An error response: the error body, and the codes this endpoint answers with this status. */
function errorResponse(status: string, codes: readonly ErrorCode[]) {
  const fields = status === '400' ? ' or a field validation code, with `fields`' : '';
  return {
    $ref: errorBodyRef,
    description: `${STATUS_CODES[status] ?? 'Error'}: ${codeList(codes)}${fields}`,
  };
}

/** The error responses of an endpoint, plus `default` for anything else (a rate limit, ...). */
export function errorResponses(definition: EndpointDefinition) {
  const responses: Record<string, { $ref: string; description: string }> = {};
  for (const [status, codes] of Object.entries(errorsByStatus(definition))) {
    responses[status] = errorResponse(status, codes);
  }
  responses.default = {
    $ref: errorBodyRef,
    description: 'Any other refusal: the error body with a catalogue code and its status',
  };
  return responses;
}

/** A success response without a description of its own says its status. */
export const successDescription = (status: string): string => STATUS_CODES[status] ?? 'Success';

export function describeOperation(definition: EndpointDefinition): string {
  const notes = [definition.description, `**Access:** ${accessSentence(definition.access)}.`];
  if (definition.idempotent) {
    notes.push(
      '**Idempotent:** send the same `Idempotency-Key` (and body `idempotencyKey`) when retrying; ' +
        "a repeated key answers the first request's result instead of doing it again.",
    );
  }
  if (definition.upload) {
    const { field, accept, maxBytes } = definition.upload;
    notes.push(
      `**Upload:** \`multipart/form-data\` with the file in \`${field}\` ` +
        `(${accept.join(', ')}; at most ${maxBytes} bytes).`,
    );
  }
  if (definition.external) {
    notes.push(
      '**External:** called by an outside service (a provider callback, a webhook, a calendar ' +
        'app), not by the apps.',
    );
  }
  return notes.filter(Boolean).join('\n\n');
}

/** The header the client sends on an idempotent endpoint (a zod schema, like every input). */
export const idempotencyHeaders = z.object({
  'Idempotency-Key': z
    .string()
    .optional()
    .describe("The body's idempotencyKey again: a new key per action, the same when retrying"),
});

/**
 * The request body of an upload: one file part, its accepted types as the part's encoding.
 * (@fastify/swagger copies only a body's schema; `completeOperations` adds the encoding.)
 */
export function uploadBody(definition: EndpointDefinition) {
  if (!definition.upload) return undefined;
  const { field, accept, maxBytes } = definition.upload;
  return {
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: [field],
          properties: {
            [field]: {
              type: 'string',
              format: 'binary',
              description: `${accept.join(', ')}; at most ${maxBytes} bytes`,
            },
          },
        },
      },
    },
  };
}

interface MediaObject {
  example?: unknown;
  encoding?: Record<string, unknown>;
}
type ContentOf = { content?: Record<string, MediaObject> };

/** The parts of a generated operation that `completeOperations` fills in. */
interface GeneratedOperation {
  'x-upload'?: { field: string; accept: readonly string[] };
  'x-errors'?: Record<string, readonly string[]>;
  requestBody?: ContentOf;
  responses?: Record<string, ContentOf>;
}

/** Gives an upload's file part the content types it accepts. */
function addUploadEncoding(operation: GeneratedOperation): void {
  const upload = operation['x-upload'];
  const media = operation.requestBody?.content?.['multipart/form-data'];
  if (upload && media)
    media.encoding = { [upload.field]: { contentType: upload.accept.join(', ') } };
}

/** Each error response's example shows one of its own codes, not the first of the catalogue. */
function addErrorExamples(operation: GeneratedOperation): void {
  for (const [status, codes] of Object.entries(operation['x-errors'] ?? {})) {
    const media = operation.responses?.[status]?.content?.['application/json'];
    const code = codes[0];
    if (media && code) media.example = { code, message: `Request failed: ${code}` };
  }
}

/**
 * What @fastify/swagger cannot say from a route's schema, added to the finished document: the
 * upload encodings (it copies only a body's schema) and the error examples (a `$ref` response
 * keeps nothing but the reference).
 */
export function completeOperations<D extends { paths?: object }>(document: D): D {
  for (const pathItem of Object.values(document.paths ?? {}) as object[]) {
    for (const operation of Object.values(pathItem) as GeneratedOperation[]) {
      addUploadEncoding(operation);
      addErrorExamples(operation);
    }
  }
  return document;
}

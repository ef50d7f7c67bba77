import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { isErrorCode, isValidationCode, statusOfErrorCode } from '@talaqa/domain';
import type { ApiErrorCode, ErrorBody, ErrorCode, ValidationCode } from '@talaqa/domain';
import { isDatabaseUnavailable } from './db/errors';

/**
 * The one error services throw: a code from the shared catalogue. The handler below turns it into
 * `{ code, message }` with the code's status; the browser shows its own Arabic text for the code.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly fields: ErrorBody['fields'];

  constructor(
    code: ErrorCode,
    message?: string,
    options?: { cause?: unknown; fields?: ErrorBody['fields'] },
  ) {
    super(message ?? `Request failed: ${code}`, { cause: options?.cause });
    this.code = code;
    this.fields = options?.fields;
  }

  get status(): number {
    return statusOfErrorCode(this.code);
  }
}

type FieldError = NonNullable<ErrorBody['fields']>[number];
interface IssueLike {
  path: string;
  kind: string;
  message: string;
}

/**
 * A field's code is the zod issue message when the schema put a validation code there (the
 * shared schemas do); otherwise the best generic code for the kind of failure.
 */
function fieldCode({ kind, message }: IssueLike): ValidationCode {
  if (isValidationCode(message)) return message;
  // zod 4 reports a missing field as invalid_type with input undefined, which it only says in text.
  if (kind === 'invalid_type' && message.endsWith('received undefined')) return 'required';
  return 'invalid-type';
}

function validationBody(issues: IssueLike[]): ErrorBody {
  const fields: FieldError[] = issues.map((issue) => ({
    path: issue.path,
    code: fieldCode(issue),
  }));
  const first = issues[0]?.message;
  // A validation failure is always a 400, whatever code a schema put in its message.
  const known = isErrorCode(first) && statusOfErrorCode(first) === 400;
  return {
    code: known ? first : 'bad-request',
    message: 'Request validation failed',
    fields,
  };
}

/** Fastify reports `/a/0/b`; forms want `a.0.b`. */
const dotted = (instancePath: string): string =>
  instancePath.replace(/^\//, '').replace(/\//g, '.');

/** Status codes of Fastify itself and its plugins, mapped onto the catalogue. */
const CLIENT_STATUS_CODES: Partial<Record<number, ApiErrorCode>> = {
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not-found',
  405: 'not-found',
  413: 'large-file-size',
  429: 'too-many-requests',
  503: 'service-unavailable',
};

const answer = (code: ErrorCode, message: string): ErrorBody => ({ code, message });

function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as Partial<FastifyError>).statusCode === 'number';
}

/** Fastify's own texts are about the request (bad JSON, wrong content type), never internals. */
function fastifyAnswer(error: FastifyError): ErrorBody {
  const status = error.statusCode ?? 500;
  const mapped = CLIENT_STATUS_CODES[status];
  if (status >= 500 && mapped === undefined) return answer('unexpected', 'Unexpected error');
  const ownText = error.code?.startsWith('FST_') ? error.message : undefined;
  const code = mapped ?? 'bad-request';
  return answer(code, ownText ?? `Request failed: ${code}`);
}

/** Decides the answer for anything thrown while handling a request. */
export function toErrorBody(error: unknown): ErrorBody {
  if (error instanceof AppError) {
    return error.fields
      ? { code: error.code, message: error.message, fields: error.fields }
      : answer(error.code, error.message);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => ({
      path: dotted(v.instancePath),
      kind: v.keyword,
      message: v.message ?? '',
    }));
    return validationBody(issues);
  }
  if (error instanceof ZodError) {
    const issues = error.issues.map((i) => ({
      path: i.path.join('.'),
      kind: i.code,
      message: i.message,
    }));
    return validationBody(issues);
  }
  if (isFastifyError(error)) return fastifyAnswer(error);
  // The database cannot be reached (an outage, a restart): a quick 503, as health answers.
  if (isDatabaseUnavailable(error)) return answer('service-unavailable', 'Service unavailable');
  // Database errors, bugs, anything else: the details go to the log, never to the client.
  return answer('unexpected', 'Unexpected error');
}

export function sendError(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const body = toErrorBody(error);
  const status = statusOfErrorCode(body.code);
  // Server faults are logged with the error and its stack; refusals of bad requests are routine.
  if (status >= 500) request.log.error({ err: error, code: body.code }, 'request failed');
  else request.log.info({ code: body.code, status }, 'request refused');
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** Installs the one error handler and the 404 answer. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
  app.setNotFoundHandler((request, reply) =>
    sendError(new AppError('not-found', 'Route not found'), request, reply),
  );
}

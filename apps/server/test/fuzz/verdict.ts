/**
 * What an answer must be, whatever was asked: never a server fault (5xx); a success status the
 * contract declares with a body its schema reads; or an error body `{ code, message, fields? }`
 * with a catalogue code answered with that code's own status. A caller the access rule refuses
 * gets 401 (anonymous) or 403 (another role) before anything else is looked at.
 */
import { errorBodySchema, mayCall, statusOfErrorCode } from '@talaqa/domain';
import type { EndpointDefinition, Role, SuccessStatus } from '@talaqa/domain';
import type { RawAnswer } from './client';
import type { FuzzRequest } from './requests';

export interface Judged {
  endpoint: EndpointDefinition;
  /** null: anonymous. */
  role: Role | null;
  request: FuzzRequest;
  answer: RawAnswer;
}

const isJson = (answer: RawAnswer): boolean => /^application\/json\b/.test(answer.contentType);

function parsedBody(answer: RawAnswer): { ok: true; value: unknown } | { ok: false } {
  if (!isJson(answer)) return { ok: true, value: answer.text };
  try {
    return { ok: true, value: answer.text === '' ? null : JSON.parse(answer.text) };
  } catch {
    return { ok: false };
  }
}

/** What the access rule demands of this caller, before any validation: 401, 403 or nothing. */
export function refusalFor(endpoint: EndpointDefinition, role: Role | null): 401 | 403 | null {
  if (mayCall(endpoint.access, role)) return null;
  return role === null ? 401 : 403;
}

function errorProblem(answer: RawAnswer): string | undefined {
  const body = parsedBody(answer);
  if (!isJson(answer) || !body.ok) return `error answer is not JSON (${answer.contentType})`;
  const error = errorBodySchema.safeParse(body.value);
  if (!error.success) return `error body breaks the error schema: ${error.error.message}`;
  const status = statusOfErrorCode(error.data.code);
  return status === answer.status
    ? undefined
    : `code ${error.data.code} belongs with ${status}, answered ${answer.status}`;
}

function successProblem(endpoint: EndpointDefinition, answer: RawAnswer): string | undefined {
  const schema = endpoint.responses[answer.status as SuccessStatus];
  if (!schema) return `status ${answer.status} is not declared by the contract`;
  // A redirect's body is the server's business; where it leads is the route's own test.
  if (answer.status >= 300) return undefined;
  if (answer.status === 204) return answer.text === '' ? undefined : '204 with a body';
  // A file answer (`z.file()`: an image, the log export) is bytes under its own media type; no
  // schema reads bytes, so it must only not pass for JSON.
  if (schema.type === 'file') return isJson(answer) ? 'a file answered as JSON' : undefined;
  const body = parsedBody(answer);
  if (!body.ok) return 'JSON answer that does not parse';
  const read = schema.safeParse(body.value);
  return read.success ? undefined : `answer breaks the contract's schema: ${read.error.message}`;
}

const REFUSAL_CODES = { 401: 'unauthenticated', 403: 'forbidden' } as const;

/** The problems of one answer; empty when it is right. */
export function problemsOf({ endpoint, role, request, answer }: Judged): string[] {
  if (answer.status >= 500) return [`server fault ${answer.status}`];
  if (answer.status < 100) return ['no HTTP status'];
  const refusal = request.unroutable ? null : refusalFor(endpoint, role);
  const problems: string[] = [];
  if (refusal !== null && answer.status !== refusal) {
    problems.push(`the access rule refuses this caller (${refusal}), answered ${answer.status}`);
  } else if (refusal !== null && !answer.text.includes(`"${REFUSAL_CODES[refusal]}"`)) {
    problems.push(`a refusal by the access rule must say ${REFUSAL_CODES[refusal]}`);
  }
  if (
    refusal === null &&
    role !== null &&
    endpoint.access.kind !== 'anyone' &&
    answer.status === 401
  ) {
    problems.push('a signed-in caller the access rule admits was answered 401');
  }
  // Provider callbacks answer in the provider's terms; only faults and the door are checked.
  if (endpoint.external) return problems;
  const problem = answer.status < 400 ? successProblem(endpoint, answer) : errorProblem(answer);
  return problem ? [...problems, problem] : problems;
}

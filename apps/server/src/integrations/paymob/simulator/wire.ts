/** Paymob's wire habits: Django REST framework errors, Cairo timestamps, the secret key check. */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** `Authorization: Token <secret key>`, or a 401 sent as Paymob words it (then false). */
export function authorise(
  request: FastifyRequest,
  reply: FastifyReply,
  secretKey: string,
): boolean {
  const header = request.headers.authorization;
  if (!header) {
    void reply
      .code(401)
      .header('www-authenticate', 'Token')
      .send({ detail: 'Authentication credentials were not provided.' });
    return false;
  }
  const token = /^Token\s+(\S+)\s*$/i.exec(header)?.[1] ?? '';
  if (!sameSecret(token, secretKey)) {
    void reply.code(401).header('www-authenticate', 'Token').send({ detail: 'Invalid token.' });
    return false;
  }
  return true;
}

/** Paymob's timestamps: Cairo local time with microseconds and the offset. */
export function paymobTimestamp(date: Date = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Africa/Cairo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  const offset = /GMT([+-]\d{2}:\d{2})/.exec(parts.timeZoneName ?? '')?.[1] ?? '+00:00';
  const micros = `${String(date.getMilliseconds()).padStart(3, '0')}000`;
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}.${micros}${offset}`;
}

/** Django REST framework's message for one zod issue. */
function drfMessage(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') {
    if (issue.input === undefined) return 'This field is required.';
    if (issue.expected === 'number' || issue.expected === 'int') {
      return 'A valid integer is required.';
    }
    if (issue.expected === 'array')
      return `Expected a list of items but got type "${typeof issue.input}".`;
    if (issue.expected === 'object') return 'Invalid data. Expected a dictionary.';
    return 'Not a valid string.';
  }
  if (issue.code === 'too_small') {
    if (issue.origin === 'array') return 'This list may not be empty.';
    if (issue.origin === 'string') return 'This field may not be blank.';
    return `Ensure this value is greater than or equal to ${String(issue.minimum)}.`;
  }
  if (issue.code === 'too_big')
    return `Ensure this field has no more than ${String(issue.maximum)} characters.`;
  return 'Invalid value.';
}

/** `{ "items": { "name": ["This field is required."] } }`, as Paymob nests (list indexes dropped). */
export function drfErrors(issues: readonly z.core.$ZodIssue[]): Record<string, unknown> {
  const errors: Record<string, unknown> = {};
  for (const issue of issues) {
    const path = issue.path.filter((key): key is string => typeof key === 'string');
    if (path.length === 0) {
      errors.non_field_errors = ['Invalid data.'];
      continue;
    }
    let node = errors;
    for (const key of path.slice(0, -1)) {
      const next = node[key];
      node[key] = typeof next === 'object' && next !== null && !Array.isArray(next) ? next : {};
      node = node[key] as Record<string, unknown>;
    }
    const last = path.at(-1) as string;
    const list = Array.isArray(node[last]) ? (node[last] as string[]) : [];
    list.push(drfMessage(issue));
    node[last] = list;
  }
  return errors;
}

export const isHttpUrl = (value: string): boolean =>
  URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);

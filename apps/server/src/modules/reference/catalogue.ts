/**
 * The prose of the API reference (info.description, Markdown): how to call the API, the access
 * rules and the error catalogue. Written from the same tables the server and the apps read (the
 * codes and statuses of packages/domain, the Arabic sentences of packages/ui), so the reference
 * cannot list a code the server does not know or miss one it answers.
 */
import {
  API_ERROR_CODES,
  API_PREFIX,
  Role,
  ROLES,
  CLIENT_TO_SERVER,
  SERVER_TO_CLIENT,
  VALIDATION_CODES,
  isApiErrorCode,
  isValidationCode,
  statusOfErrorCode,
} from '@talaqa/domain';
import type {
  Access,
  ClientEventName,
  ErrorCode,
  EventAudience,
  ServerEventName,
} from '@talaqa/domain';
import { ERROR_MESSAGES } from '@talaqa/ui/messages';

/** `TutorManager` is "tutor manager": the names of spec section 6. */
const ROLE_NAMES = Object.fromEntries(
  Object.entries(Role).map(([key, value]) => [
    value,
    key.replace(/(?<=[a-z])(?=[A-Z])/g, ' ').toLowerCase(),
  ]),
) as Record<Role, string>;

const roleName = (role: Role): string => `${ROLE_NAMES[role]} (${role})`;

/** The sentence each operation's description carries (also given as data in `x-access`). */
export function accessSentence(access: Access): string {
  if (access.kind === 'anyone') return 'Anyone';
  if (access.kind === 'signed-in') return 'Any signed-in account';
  return `Roles: ${access.roles.map(roleName).join(', ')}`;
}

/** Every code once: the API codes in the catalogue's order, then the field-only codes. */
const CATALOGUE_CODES: readonly ErrorCode[] = [
  ...API_ERROR_CODES,
  ...VALIDATION_CODES.filter((code) => !isApiErrorCode(code)),
];

/** Where a code appears in an error body. */
function placeOf(code: ErrorCode): string {
  if (!isValidationCode(code)) return '`code`';
  return isApiErrorCode(code) ? '`code`, `fields[].code`' : '`fields[].code`';
}

/** A table cell: no line breaks, and a `|` does not end the cell. */
const cell = (text: string): string => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|');

function catalogueTable(): string {
  const rows = CATALOGUE_CODES.map(
    (code) =>
      `| \`${code}\` | ${statusOfErrorCode(code)} | ${placeOf(code)} | ${cell(ERROR_MESSAGES[code])} |`,
  );
  return ['| Code | Status | Where | Arabic message |', '| --- | --- | --- | --- |', ...rows].join(
    '\n',
  );
}

function rolesTable(): string {
  const rows = ROLES.map((role) => `| ${ROLE_NAMES[role]} | ${role} |`);
  return ['| Role | Value |', '| --- | --- |', ...rows].join('\n');
}

const INTRODUCTION = `The HTTP API of Talaqa, generated from the endpoint contracts of \`packages/domain\`: \
the server's routes, the typed client of \`packages/api-client\` and this document are made from \
the same definitions, so they cannot disagree. Every path below is relative to \`${API_PREFIX}\`.

Bodies are JSON (\`application/json\`) except uploads (\`multipart/form-data\`). Path and query \
values are strings on the wire; their schemas say how they are read (digits to ids, \
\`true\`/\`false\` to flags). An answer carries only the fields its schema names.`;

const ACCESS_RULES = `## Access rules

Each operation says who may call it, in its description and as data in \`x-access\` \
(\`{ "kind": "anyone" }\`, \`{ "kind": "signed-in" }\` or \`{ "kind": "roles", "roles": [4] }\`):

- **Anyone**: no token needed. A valid token that comes along still identifies the caller; an \
invalid one is ignored.
- **Any signed-in account**: a valid access token of any role.
- **Roles: …**: a valid access token of one of the listed roles.

A signed-in call sends \`Authorization: Bearer <access token>\` (the \`bearerAuth\` scheme). The roles \
and their numeric values (the \`role\` field of a user):

${rolesTable()}

Super admins and regular admins are both "admins".

- **401 \`unauthenticated\`**: no token, or one that is invalid or expired, whose account no \
longer exists, or whose session has ended (a password change, signing out everywhere). Sign in \
again.
- **403 \`forbidden\`**: signed in, but the account's role is not among the operation's roles. \
The role is read from the database on every request, so a changed role counts at once.
- Access is checked before the request is read: a caller who may not call an operation learns \
nothing from its validation errors.
- **Ownership** is checked after that by the operation itself, which alone knows what is owned \
(your own profile, a lesson you take part in, your own transactions): another account's data \
answers \`forbidden\`, or the thing's \`…-not-found\` code where an operation does not reveal that \
it exists.`;

const ERRORS = `## Errors

Every error answer has the same body: \`{ "code", "message", "fields"? }\` (the \`ErrorBody\` \
schema). \`code\` is one of the catalogue codes below, and its HTTP status is the one listed with \
it; \`message\` is an English text for developers, never shown to a person. A request that fails \
validation answers 400 with \`fields\`: each field's path (\`a.0.b\`) and its validation code. The \
apps show the Arabic message of the code. Each operation lists the codes it may answer, by status \
(\`x-errors\` has them as data); any operation may also answer \`unexpected\` (500) and \
\`service-unavailable\` (503).

### Error catalogue

${catalogueTable()}`;

/** The name in `components.schemas` of a realtime event's payload. */
export const eventComponentName = (event: ServerEventName): string => `realtime.${event}`;

/** The names in `components.schemas` of a client event's payload and of its acknowledgement. */
export const clientEventComponentNames = (event: ClientEventName) => ({
  payload: `realtime.client.${event}`,
  ack: `realtime.client.${event}.ack`,
});

const AUDIENCES: Record<EventAudience, string> = {
  user: 'the user’s own tabs',
  'user-and-admin-invoices': 'the tutor’s own tabs and admins on the AdminInvoices channel',
  'lesson-members': 'the lesson’s student and tutor',
  'room-members': 'the chat room’s members (each one’s tabs)',
  'session-peer': 'the other member’s connections in the lesson room',
  'server-stats-watchers': 'admins watching the ServerStats channel',
  socket: 'the one connection that asked',
  everyone: 'every connection',
};

function eventsTable(): string {
  const rows = (Object.keys(SERVER_TO_CLIENT) as ServerEventName[]).map((event) => {
    const { audience, summary } = SERVER_TO_CLIENT[event];
    return `| \`${event}\` | ${AUDIENCES[audience]} | ${cell(summary)} | \`${eventComponentName(event)}\` |`;
  });
  return [
    '| Event | To | What it says | Payload schema |',
    '| --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

function clientEventsTable(): string {
  const rows = (Object.keys(CLIENT_TO_SERVER) as ClientEventName[]).map((event) => {
    const { summary, acks } = CLIENT_TO_SERVER[event];
    const names = clientEventComponentNames(event);
    const results = acks.map((result) => `\`${result}\``).join(', ');
    return `| \`${event}\` | ${cell(summary)} | ${results} | \`${names.payload}\`, \`${names.ack}\` |`;
  });
  return [
    '| Event | What it asks | Ack results | Payload and ack schemas |',
    '| --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

const REALTIME = `## Realtime events

The realtime channel is socket.io at \`/socket.io\` on the API's host, opened with the same access \
token (the handshake's \`auth.token\`, or \`Authorization: Bearer\`). The server sends these events \
once the change they tell of has committed, each payload through its schema (in \
\`components.schemas\`, from the realtime contract of \`packages/domain\`), so a payload carries \
only the fields its schema names. The spec's other events come with the features that use them.

${eventsTable()}

### Sent by the client

The client sends these with an acknowledgement callback (an event sent without one is ignored). \
The server reads the payload through its schema and always acknowledges with \
\`{ result, code? }\` and what the event adds (SendMessage: the stored message), \`result\` being one \
of the listed values; \`code\` is a catalogue code when \`result\` is \`unallowed\`.

${clientEventsTable()}`;

/** info.description of the document. */
export const referenceDescription = (): string =>
  [INTRODUCTION, ACCESS_RULES, ERRORS, REALTIME].join('\n\n');

import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  API_ERROR_CODES,
  ROLES,
  Role,
  SERVER_TO_CLIENT,
  CLIENT_TO_SERVER,
  VALIDATION_CODES,
  admins,
  anyone,
  rolesOnly,
  signedIn,
  statusOfErrorCode,
} from '@talaqa/domain';
import { ERROR_MESSAGES } from '@talaqa/ui/messages';
import { accessSentence, referenceDescription } from '../../src/modules/reference/catalogue';
import {
  DOCS_CONTENT_SECURITY_POLICY,
  docsPageServed,
} from '../../src/modules/reference/docs-page';

const description = referenceDescription();
/** The table rows of one section of the description, from its heading to the next heading. */
const rowsUnder = (heading: string): string[] =>
  (description.split(`${heading}\n`)[1] ?? '')
    .split(/\n#+ /)[0]!
    .split('\n')
    .filter((line) => line.startsWith('| `'));
const rows = rowsUnder('### Error catalogue');

describe('the error catalogue of the reference', () => {
  it('has one row per code, API and field codes alike, with its status and Arabic message', () => {
    const codes = [...new Set([...API_ERROR_CODES, ...VALIDATION_CODES])];
    expect(rows).toHaveLength(codes.length);
    for (const code of codes) {
      const row = rows.find((line) => line.startsWith(`| \`${code}\` |`));
      expect(row, code).toBeDefined();
      const [, status, , message] = (row ?? '').split(' | ');
      expect(Number(status), code).toBe(statusOfErrorCode(code));
      expect(message?.replace(/ \|$/, ''), code).toBe(ERROR_MESSAGES[code].replace(/\s+/g, ' '));
    }
  });

  it('lists every realtime event once, with its audience and its payload schema', () => {
    const events = rowsUnder('## Realtime events');
    expect(events.map((line) => line.split('`')[1])).toEqual(Object.keys(SERVER_TO_CLIENT));
    expect(events.find((line) => line.includes('`LessonBooked`'))).toContain(
      'the lesson’s student and tutor',
    );
    for (const line of events) expect(line).toMatch(/\| `realtime\.\w+` \|$/);
  });

  it('lists every client event once, with its ack results and its schemas', () => {
    const events = rowsUnder('### Sent by the client');
    expect(events.map((line) => line.split('`')[1])).toEqual(Object.keys(CLIENT_TO_SERVER));
    const send = events.find((line) => line.startsWith('| `SendMessage` |')) ?? '';
    for (const result of CLIENT_TO_SERVER.SendMessage.acks) expect(send).toContain(`\`${result}\``);
    expect(send).toContain('`realtime.client.SendMessage`, `realtime.client.SendMessage.ack`');
  });

  it('says where a code appears: the body, a field, or both', () => {
    const placeOf = (code: string) =>
      rows.find((line) => line.startsWith(`| \`${code}\` |`))?.split(' | ')[2];
    expect(placeOf('lesson-not-found')).toBe('`code`');
    expect(placeOf('password-too-short')).toBe('`fields[].code`');
    expect(placeOf('invalid-phone')).toBe('`code`, `fields[].code`');
  });
});

describe('the access rules of the reference', () => {
  it('lists every role with its numeric value', () => {
    for (const role of ROLES)
      expect(description).toMatch(new RegExp(`\\| [a-z ]+ \\| ${role} \\|`));
    expect(description).toContain('| tutor manager | 5 |');
  });

  it('explains 401, 403 and ownership', () => {
    expect(description).toContain('**401 `unauthenticated`**');
    expect(description).toContain('**403 `forbidden`**');
    expect(description).toContain('**Ownership**');
  });

  it("words each operation's rule", () => {
    expect(accessSentence(anyone)).toBe('Anyone');
    expect(accessSentence(signedIn)).toBe('Any signed-in account');
    expect(accessSentence(rolesOnly(Role.Student))).toBe('Roles: student (4)');
    expect(accessSentence(admins)).toBe('Roles: super admin (1), regular admin (2)');
  });
});

describe('the docs page', () => {
  it('is served on local and staging, not in production', () => {
    expect(docsPageServed('local')).toBe(true);
    expect(docsPageServed('staging')).toBe(true);
    expect(docsPageServed('production')).toBe(false);
  });

  it("lets in Swagger UI's inline style elements by hash, and nothing inline besides", () => {
    const require = createRequire(import.meta.url);
    const files = join(dirname(require.resolve('@fastify/swagger-ui')), 'static');
    const scripts = readdirSync(files).filter((name) => name.endsWith('.js'));
    const styles = scripts.flatMap((name) => [
      ...readFileSync(join(files, name), 'utf8').matchAll(
        /createElement\("style",null,"([^"]*)"\)/g,
      ),
    ]);
    expect(styles.length).toBeGreaterThan(0);
    for (const [, css = ''] of styles) {
      const hash = createHash('sha256').update(css).digest('base64');
      expect(DOCS_CONTENT_SECURITY_POLICY).toContain(`'sha256-${hash}'`);
    }
    expect(DOCS_CONTENT_SECURITY_POLICY).not.toContain('unsafe');
    expect(DOCS_CONTENT_SECURITY_POLICY).toContain("script-src 'self';");
  });
});

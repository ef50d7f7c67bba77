import { execFile } from 'node:child_process';
import { connect } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@talaqa/domain';
import type { SessionToken } from '@talaqa/domain';
import { call } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import { insertUser } from './lessons-fixtures';

/**
 * The credentials of GET /session/token against the coturn `.ci/run` starts (127.0.0.1:3478,
 * `use-auth-secret` with the local secret): coturn grants a relay allocation with them and
 * refuses a tampered one. Skipped where no coturn listens (a developer's machine without it).
 */
const run = promisify(execFile);

const listening = await new Promise<boolean>((resolve) => {
  const socket = connect({ host: '127.0.0.1', port: 3478 });
  socket.once('connect', () => {
    socket.destroy();
    resolve(true);
  });
  socket.once('error', () => resolve(false));
});
const hasClient = await run('turnutils_uclient', ['-h']).then(
  () => true,
  (error: { code?: unknown }) => error.code !== 'ENOENT',
);

/** One TCP allocation with these credentials: whether coturn granted it. */
const allocates = (username: string, credential: string): Promise<boolean> =>
  run(
    'turnutils_uclient',
    ['-t', '-y', '-n', '1', '-m', '1', '-u', username, '-w', credential, '127.0.0.1'],
    {
      timeout: 20_000,
    },
  ).then(
    ({ stdout, stderr }) => !`${stdout}${stderr}`.includes('Cannot complete Allocation'),
    () => false,
  );

describe.skipIf(!listening || !hasClient)('TURN credentials against coturn', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('coturn allocates a relay with the token’s credentials, and not with a tampered one', async () => {
    const user = await insertUser(server, Role.Student);
    const token = await call<SessionToken>(server, 'GET', '/session/token', user);
    const turn = token.body.iceServers.find((entry) => entry.username !== undefined);
    expect(turn?.username).toMatch(/^\d+:\d+$/);
    expect(await allocates(turn?.username ?? '', turn?.credential ?? '')).toBe(true);
    expect(await allocates(turn?.username ?? '', 'QneLcT/8asy8oiPDuV8LjOz5Yl8=')).toBe(false);
  });
});

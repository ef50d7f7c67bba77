import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import type { BrowserContext } from '@playwright/test';

// A coturn of one journey's own, so the journey can cut the relayed media (freeze the process)
// without touching the coturn every other test shares (3478, started by .ci/run). It checks
// credentials with the same shared secret, so the ones the API signs hold here too; the browsers
// are pointed at it by rewriting the TURN port in GET /session/token's answer.

const SHARED_PORT = '127.0.0.1:3478';
const SECRET = 'talaqa-local-turn-secret';

export const hasTurnServer = (): boolean =>
  spawnSync('turnserver', ['--help'], { stdio: 'ignore' }).error === undefined;

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export class OwnTurn {
  private constructor(
    private readonly process: ChildProcess,
    readonly port: number,
  ) {}

  /** A coturn on `port`, relaying on its own range of 100 ports from `relayFrom`. */
  static async start(port: number, relayFrom: number): Promise<OwnTurn> {
    const child = spawn(
      'turnserver',
      [
        '--no-cli',
        '--no-tls',
        '--no-dtls',
        '--fingerprint',
        '--listening-ip=127.0.0.1',
        '--relay-ip=127.0.0.1',
        `--listening-port=${String(port)}`,
        `--min-port=${String(relayFrom)}`,
        `--max-port=${String(relayFrom + 100)}`,
        '--allow-loopback-peers',
        '--use-auth-secret',
        `--static-auth-secret=${SECRET}`,
        '--realm=talaqa.local',
        `--pidfile=/tmp/talaqa-e2e-turn-${String(port)}.pid`,
        `--log-file=/tmp/talaqa-e2e-turn-${String(port)}.log`,
        '--simple-log',
      ],
      { stdio: 'ignore' },
    );
    const turn = new OwnTurn(child, port);
    for (let attempt = 0; attempt < 50; attempt += 1) {
      if (await listening(port)) return turn;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    turn.stop();
    throw new Error(`turnserver did not listen on ${String(port)}`);
  }

  /** Sends the context's calls to this coturn instead of the shared one. */
  async serve(context: BrowserContext): Promise<void> {
    await context.route('**/api/v1/session/token', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replaceAll(
        SHARED_PORT,
        `127.0.0.1:${String(this.port)}`,
      );
      await route.fulfill({ response, body });
    });
  }

  /** The relay stops answering (the process is frozen): relayed media stops both ways. */
  pause(): void {
    this.process.kill('SIGSTOP');
  }

  resume(): void {
    this.process.kill('SIGCONT');
  }

  stop(): void {
    this.process.kill('SIGCONT');
    this.process.kill('SIGTERM');
  }
}

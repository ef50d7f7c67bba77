/**
 * A server process for checkout-crash.test.ts: the app as `npm start` runs it (configuration from
 * the environment, its own job runner), without static apps or demo data. It prints
 * `LISTENING <port>` once it accepts requests; the test kills it with SIGKILL.
 */
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { startProviders } from '../../src/providers';

const config = loadConfig(process.env);
const running = await startProviders(config, pino({ level: 'silent' }), {
  smtp: 0,
  whatsapp: 0,
  telegram: 0,
  outbox: 0,
  google: 0,
  fawry: 0,
  paymob: 0,
});
const app = await buildApp(config, {
  logger: false,
  providers: running.providers,
  beforeReady: async (api) => {
    api.addHook('onClose', running.close);
  },
});
await app.listen({ port: config.port, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;
process.stdout.write(`LISTENING ${port}\n`);

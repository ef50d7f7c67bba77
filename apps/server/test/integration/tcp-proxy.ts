import { createServer, connect as tcpConnect } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL for the outage tests: the app connects through it, and
 * `cut()` drops every connection and stops listening until `restore()`.
 */
/** Forwards 127.0.0.1:<port> to the target; `cut()` drops everything, `restore()` listens again. */
export async function tcpProxy(target: URL) {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const listen = (port: number): Promise<number> =>
    new Promise((resolve, reject) => {
      const current = createServer((client) => {
        const upstream = tcpConnect(Number(target.port || 5432), target.hostname);
        const drop = (): void => {
          client.destroy();
          upstream.destroy();
          sockets.delete(client);
          sockets.delete(upstream);
        };
        sockets.add(client).add(upstream);
        for (const socket of [client, upstream]) {
          socket.on('error', drop);
          socket.on('close', drop);
        }
        client.pipe(upstream).pipe(client);
      });
      current.once('error', reject);
      current.listen(port, '127.0.0.1', () => {
        server = current;
        resolve((current.address() as AddressInfo).port);
      });
    });
  const port = await listen(0);
  return {
    port,
    cut: async (): Promise<void> => {
      const closed = new Promise((resolve) => server?.close(resolve));
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      await closed;
    },
    restore: async (): Promise<void> => {
      await listen(port);
    },
  };
}

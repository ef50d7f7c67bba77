// A stand-in for socket.io-client in the main app's DOM tests (never imported by app code). Use:
//
//   vi.mock('socket.io-client', async () => (await import('../../testing/fake-socket')).socketIoModule);
//
// then `fakeSockets.latest()?.serverEmit('TransactionStatusUpdate', payload)` plays an event the
// server pushed. Connecting succeeds at once (on the next microtask).

type Handler = (...args: unknown[]) => void;

export class FakeSocket {
  readonly url: string;
  readonly options: Record<string, unknown>;
  active = false;
  connected = false;
  private readonly handlers = new Map<string, Set<Handler>>();
  readonly io = {
    opts: {} as Record<string, unknown>,
    on: () => this.io,
  };

  constructor(url: string, options: Record<string, unknown>) {
    this.url = url;
    this.options = options;
    if (options.autoConnect !== false) this.connect();
  }

  on(event: string, handler: Handler): this {
    let set = this.handlers.get(event);
    if (!set) {
      set = new Set();
      this.handlers.set(event, set);
    }
    set.add(handler);
    return this;
  }

  off(event: string, handler?: Handler): this {
    if (handler) this.handlers.get(event)?.delete(handler);
    else this.handlers.delete(event);
    return this;
  }

  /** How many handlers listen to `event` now. */
  listeners(event: string): number {
    return this.handlers.get(event)?.size ?? 0;
  }

  connect(): this {
    if (this.active) return this;
    this.active = true;
    queueMicrotask(() => {
      if (!this.active) return;
      this.connected = true;
      this.serverEmit('connect');
    });
    return this;
  }

  disconnect(): this {
    this.active = false;
    this.connected = false;
    this.serverEmit('disconnect', 'io client disconnect');
    return this;
  }

  emit(): this {
    return this;
  }

  timeout(): this {
    return this;
  }

  /** Plays an event as if the server had sent it. */
  serverEmit(event: string, ...args: unknown[]): void {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(...args);
  }
}

const created: FakeSocket[] = [];

export const fakeSockets = {
  all: (): readonly FakeSocket[] => created,
  latest: (): FakeSocket | undefined => created.at(-1),
};

/** The module that replaces socket.io-client. */
export const socketIoModule = {
  io: (url: string, options: Record<string, unknown>) => {
    const socket = new FakeSocket(url, options);
    created.push(socket);
    return socket;
  },
};

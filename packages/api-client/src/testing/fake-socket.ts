// A stand-in for socket.io-client in the apps' DOM tests (never imported by app code). Use:
//
//   vi.mock('socket.io-client', async () => (await import('@talaqa/api-client/testing/fake-socket')).socketIoModule);
//
// then `fakeSockets.latest()?.serverEmit('TransactionStatusUpdate', payload)` plays an event the
// server pushed. Connecting succeeds at once (on the next microtask).
//
// Client events are recorded in `emitted`; `answer(event, responder)` acknowledges them: the
// responder's value is the ack, and `NO_ACK` (or no responder) lets the ack time out at once, as
// a server that never answered would after the client's timeout.

type Handler = (...args: unknown[]) => void;

/** A responder's answer meaning "the server never acknowledged this". */
export const NO_ACK = Symbol('no ack');
type Responder = (payload: unknown) => unknown;
type AckCallback = (error: Error | null, result?: unknown) => void;

export class FakeSocket {
  readonly url: string;
  readonly options: Record<string, unknown>;
  active = false;
  connected = false;
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly responders = new Map<string, Responder>();
  /** Every client event sent, in order. */
  readonly emitted: { event: string; payload: unknown }[] = [];
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

  emit(event: string, payload?: unknown, ack?: AckCallback): this {
    this.emitted.push({ event, payload });
    if (typeof ack !== 'function') return this;
    const responder = this.responders.get(event);
    queueMicrotask(() => {
      const result = responder ? responder(payload) : NO_ACK;
      if (result === NO_ACK) ack(new Error('operation has timed out'));
      else ack(null, result);
    });
    return this;
  }

  /** Acknowledges the client event `event` with what `responder` returns (see NO_ACK). */
  answer(event: string, responder: Responder): void {
    this.responders.set(event, responder);
  }

  /** The payloads sent with client event `event`. */
  sent(event: string): unknown[] {
    return this.emitted.filter((entry) => entry.event === event).map((entry) => entry.payload);
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

import { randomUUID } from 'node:crypto';
import { normalizePhone } from '../messaging';

export const OUTBOX_CHANNELS = ['email', 'whatsapp', 'telegram'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

/** A file that came with an e-mail; the text of text files (calendar invitations) is kept. */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  size: number;
  text?: string;
}

/** One message a simulator accepted, as the recipient would see it. */
export interface OutboxMessage {
  id: string;
  channel: OutboxChannel;
  /** An e-mail address (lower case) or an E.164 phone number; `chat:<id>` for an unknown chat. */
  to: string;
  subject?: string;
  text: string;
  html?: string;
  attachments?: OutboxAttachment[];
  /** ISO 8601, UTC. */
  at: string;
  /** Provider details: message ids, template, chat id, envelope. */
  meta: Record<string, unknown>;
}

export type NewOutboxMessage = Omit<OutboxMessage, 'id' | 'at'> & { at?: Date };

export interface OutboxFilter {
  channel?: OutboxChannel | undefined;
  to?: string | undefined;
}

export type OutboxListener = (message: OutboxMessage) => void;

export class OutboxTimeoutError extends Error {
  override name = 'OutboxTimeoutError';
}

/** How recipients are compared: e-mail case-insensitively, phones in any common spelling. */
export function normalizeRecipient(to: string): string {
  const trimmed = to.trim();
  if (trimmed.includes('@')) return trimmed.toLowerCase();
  return normalizePhone(trimmed) ?? trimmed;
}

const DEFAULT_CAPACITY = 500;
const DEFAULT_WAIT_MS = 5_000;

/**
 * What the local simulators "delivered", kept in memory for the outbox viewer and for tests.
 * Newest first everywhere; the oldest messages are dropped past `capacity`.
 */
export class Outbox {
  readonly #messages: OutboxMessage[] = [];
  readonly #listeners = new Set<OutboxListener>();
  readonly #capacity: number;

  constructor(options: { capacity?: number } = {}) {
    this.#capacity = options.capacity ?? DEFAULT_CAPACITY;
  }

  append(input: NewOutboxMessage): OutboxMessage {
    const { at, ...rest } = input;
    const message: OutboxMessage = {
      ...rest,
      id: randomUUID(),
      to: normalizeRecipient(input.to),
      at: (at ?? new Date()).toISOString(),
    };
    this.#messages.push(message);
    if (this.#messages.length > this.#capacity) this.#messages.shift();
    for (const listener of this.#listeners) listener(message);
    return message;
  }

  /** Newest first. */
  list(filter: OutboxFilter = {}): OutboxMessage[] {
    const to = filter.to === undefined ? undefined : normalizeRecipient(filter.to);
    return this.#messages
      .filter(
        (m) => (filter.channel === undefined || m.channel === filter.channel) && matches(m, to),
      )
      .reverse();
  }

  latest(to: string, channel?: OutboxChannel): OutboxMessage | undefined {
    return this.list({ to, channel })[0];
  }

  get size(): number {
    return this.#messages.length;
  }

  clear(): void {
    this.#messages.length = 0;
  }

  /** Calls `listener` for every message appended from now on; returns the unsubscribe. */
  subscribe(listener: OutboxListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * The newest message already here that matches, or the next one to arrive; rejects with an
   * OutboxTimeoutError after `timeoutMs`.
   */
  waitFor(
    predicate: (message: OutboxMessage) => boolean,
    timeoutMs: number = DEFAULT_WAIT_MS,
  ): Promise<OutboxMessage> {
    const present = this.list().find(predicate);
    if (present) return Promise.resolve(present);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        unsubscribe();
        reject(new OutboxTimeoutError(`No matching outbox message within ${timeoutMs} ms`));
      }, timeoutMs);
      const unsubscribe = this.subscribe((message) => {
        if (!predicate(message)) return;
        clearTimeout(timer);
        unsubscribe();
        resolve(message);
      });
    });
  }
}

function matches(message: OutboxMessage, to: string | undefined): boolean {
  return to === undefined || message.to === to;
}

/**
 * Every event the server sends goes through its payload schema (the realtime contract in
 * packages/domain), as every HTTP answer goes through its response schema: a field the contract
 * does not name is dropped, so it never leaves the server, and an event or a payload the contract
 * does not declare is a server fault. The types already refuse such an emit at compile time; this
 * is the check at run time, where a payload built from a database row may carry more than its
 * type says.
 *
 * It sits on the namespace's adapter, which every broadcast passes through (`io.emit`,
 * `io.to(rooms).emit`, with or without the Redis adapter), so no module can go around it. A fault
 * throws outside production (tests and development fail loudly at the emit) and, in production,
 * drops the event and logs it: the change it tells of is committed already, and an unchecked
 * payload must not go out.
 */
import { isServerEventName, SERVER_TO_CLIENT } from '@talaqa/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeServer } from './types';

/** An event the contract does not declare, or a payload that breaks its schema. */
export class RealtimePayloadError extends Error {
  constructor(
    readonly event: unknown,
    readonly issues: unknown,
  ) {
    super(`realtime event ${String(event)} does not match its contract`);
    this.name = 'RealtimePayloadError';
  }
}

interface EventPacket {
  data?: unknown[];
}

/** The packet's data read through the event's schema: `[event, payload]`. */
export function checkedEventData(data: readonly unknown[]): unknown[] {
  const [event, payload, ...rest] = data;
  if (typeof event !== 'string' || !isServerEventName(event) || rest.length > 0) {
    throw new RealtimePayloadError(event, 'not an event of the realtime contract');
  }
  const result = SERVER_TO_CLIENT[event].payload.safeParse(payload);
  if (!result.success) throw new RealtimePayloadError(event, result.error.issues);
  return [event, result.data];
}

export interface PayloadCheckOptions {
  /** Throw at the emit (tests, development) rather than drop and log (production). */
  strict: boolean;
  log: FastifyBaseLogger;
}

/** Makes every broadcast of the main namespace go through `checkedEventData`. */
export function checkOutgoingPayloads(io: RealtimeServer, options: PayloadCheckOptions): void {
  const adapter = io.of('/').adapter;
  const checked = (packet: EventPacket): EventPacket | undefined => {
    try {
      return { ...packet, data: checkedEventData(packet.data ?? []) };
    } catch (error) {
      if (options.strict) throw error;
      options.log.error({ err: error }, 'realtime event not sent');
      return undefined;
    }
  };
  const broadcast = adapter.broadcast.bind(adapter);
  adapter.broadcast = (packet: EventPacket, opts) => {
    const sent = checked(packet);
    if (sent) broadcast(sent, opts);
  };
  const broadcastWithAck = adapter.broadcastWithAck.bind(adapter);
  adapter.broadcastWithAck = (packet: EventPacket, opts, clientCount, ack) => {
    const sent = checked(packet);
    if (sent) broadcastWithAck(sent, opts, clientCount, ack);
    else clientCount(0);
  };
}

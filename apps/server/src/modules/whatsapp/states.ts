import type { WhatsAppState } from '../../db/schema';
import type { WhatsAppStatus } from '../../integrations/whatsapp/webhook';

const RANK: Record<Exclude<WhatsAppState, 'failed'>, number> = {
  accepted: 0,
  sent: 1,
  delivered: 2,
  read: 3,
};

/**
 * The state after a status arrives; statuses come out of order and more than once (Meta's
 * webhooks are delivered at least once, in no promised order), so the state only moves forward:
 * accepted < sent < delivered < read; `failed` ends it, except that a message read has arrived
 * (a `failed` after `read` is stale), and nothing leaves `failed`.
 */
export function nextWhatsAppState(current: WhatsAppState, incoming: WhatsAppStatus): WhatsAppState {
  if (current === 'failed') return 'failed';
  if (incoming === 'failed') return current === 'read' ? 'read' : 'failed';
  return RANK[incoming] > RANK[current] ? incoming : current;
}

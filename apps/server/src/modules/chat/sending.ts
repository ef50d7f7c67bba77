/**
 * The send path's database work, batched (docs/decisions/265-chat-sends-batched.md): sends that
 * arrive while the database is busy share its statements. Their contexts are read in one query;
 * they are stored in one statement that locks their rooms in id order, inserts the messages under
 * the rooms' next seqs and schedules the offline notices.
 */
import { batched } from '../../db/batched';
import type { Database } from '../../db';
import type { ChatMessageRow } from '../../db/schema';
import { chatNoticeJobs } from './notices';
import { insertMessages, sendingContexts } from './repo';
import type { MessageDraft, SendingContext, SendingKey } from './repo';

/** A message to store from a send, with whom its offline notice may reach. */
export interface NewMessage extends MessageDraft {
  clientId: string;
  notify: readonly number[];
}

/** A stored message, and whether this send stored it (false: it repeats one stored already). */
export interface StoredMessage {
  row: ChatMessageRow;
  fresh: boolean;
}

export interface MessageStore {
  contextOf(key: SendingKey): Promise<SendingContext>;
  /** Undefined when an earlier send stored this client id (read that one by its client id). */
  store(message: NewMessage): Promise<StoredMessage | undefined>;
}

const keyOf = (message: SendingKey): string =>
  `${String(message.roomId)}:${String(message.senderId)}:${message.clientId}`;

async function storeMessages(
  db: Database,
  messages: readonly NewMessage[],
): Promise<(StoredMessage | undefined)[]> {
  // A retry that waits in the same batch as its first send is stored once.
  const indexOf = new Map<string, number>();
  const unique: NewMessage[] = [];
  for (const message of messages) {
    const key = keyOf(message);
    if (indexOf.has(key)) continue;
    indexOf.set(key, unique.length);
    unique.push(message);
  }
  const noticed = unique.map((message) => ({
    roomId: message.roomId,
    recipientIds: message.notify,
  }));
  const rows = await insertMessages(db, unique, chatNoticeJobs(noticed));
  const answered = new Set<number>();
  return messages.map((message) => {
    const index = indexOf.get(keyOf(message)) ?? -1;
    const row = rows[index];
    if (!row) return undefined;
    const fresh = !answered.has(index);
    answered.add(index);
    return { row, fresh };
  });
}

/** The sends of one database: each call joins the batch that runs next. */
export function messageStore(db: Database): MessageStore {
  return {
    contextOf: batched((keys) => sendingContexts(db, keys)),
    store: batched((messages) => storeMessages(db, messages)),
  };
}

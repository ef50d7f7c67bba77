/**
 * The send path's database work, batched (docs/decisions/265-chat-sends-batched.md): sends that
 * arrive while the database is busy share one statement, which checks each of them, stores the
 * ones that pass under their rooms' next seqs and schedules the offline notices.
 */
import { CHAT_MESSAGES_PER_MINUTE } from '@talaqa/domain';
import { batched } from '../../db/batched';
import type { Database } from '../../db';
import { storeSends } from './repo';
import type { MessageDraft, SendOutcome } from './repo';

/** A send of the socket event: its client id is its own. */
export interface NewMessage extends MessageDraft {
  clientId: string;
}

/** What became of a send; `fresh` is false for one that repeats a send waiting beside it. */
export type SentMessage = SendOutcome & { fresh: boolean };

export type MessageStore = (message: NewMessage) => Promise<SentMessage>;

const keyOf = (message: NewMessage): string =>
  `${String(message.roomId)}:${String(message.senderId)}:${message.clientId}`;

async function storeBatch(db: Database, messages: readonly NewMessage[]): Promise<SentMessage[]> {
  // A retry that waits in the same batch as its first send is stored once.
  const indexOf = new Map<string, number>();
  const unique: NewMessage[] = [];
  for (const message of messages) {
    const key = keyOf(message);
    if (indexOf.has(key)) continue;
    indexOf.set(key, unique.length);
    unique.push(message);
  }
  const outcomes = await storeSends(db, unique, CHAT_MESSAGES_PER_MINUTE);
  const answered = new Set<number>();
  return messages.map((message) => {
    const index = indexOf.get(keyOf(message)) ?? -1;
    const outcome = outcomes[index];
    if (!outcome) throw new Error('a send lost its outcome');
    const fresh = !answered.has(index);
    answered.add(index);
    return { ...outcome, fresh };
  });
}

/** The sends of one database: each call joins the batch that runs next. */
export const messageStore = (db: Database): MessageStore =>
  batched((messages) => storeBatch(db, messages));

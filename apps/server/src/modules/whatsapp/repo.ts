import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../db';
import { confirmationCodes, whatsappMessages } from '../../db/schema';
import type { WhatsAppMessageRow } from '../../db/schema';
import type { StatusUpdate } from '../../integrations/whatsapp/webhook';
import { nextWhatsAppState } from './states';

/** What we know of a message when the send answers: whose it is and what it carried. */
export type SentWhatsAppMessage = { wamid: string; userId: number; phone: string } & (
  | { purpose: 'code'; codeId: number }
  | { purpose: 'reminder'; lessonId: number; reminder: 'day' | 'hour'; lessonStartsAt: Date }
  | { purpose: 'chat'; chatRoomId: number; chatSeq: number }
);

/**
 * Records a message the Cloud API accepted. A status may have come first (the webhook made the
 * row without an owner): the owner is filled in and the row, with its state, returned.
 */
export async function recordSentMessage(
  db: Database,
  message: SentWhatsAppMessage,
): Promise<WhatsAppMessageRow> {
  const owner = {
    userId: message.userId,
    purpose: message.purpose,
    phone: message.phone,
    codeId: message.purpose === 'code' ? message.codeId : null,
    lessonId: message.purpose === 'reminder' ? message.lessonId : null,
    reminder: message.purpose === 'reminder' ? message.reminder : null,
    lessonStartsAt: message.purpose === 'reminder' ? message.lessonStartsAt : null,
    chatRoomId: message.purpose === 'chat' ? message.chatRoomId : null,
    chatSeq: message.purpose === 'chat' ? message.chatSeq : null,
  };
  const [row] = await db
    .insert(whatsappMessages)
    .values({ wamid: message.wamid, ...owner })
    .onConflictDoUpdate({ target: whatsappMessages.wamid, set: owner })
    .returning();
  if (!row) throw new Error('WhatsApp message not recorded');
  return row;
}

const STAMP = {
  sent: 'sentAt',
  delivered: 'deliveredAt',
  read: 'readAt',
  failed: 'failedAt',
} as const;

/**
 * Applies one status (in the caller's transaction): the row is locked, its state moves forward
 * only (nextWhatsAppState), each status's first time is kept, and the error of the failure that
 * ended it is kept. A status seen again changes nothing. Returns the row after the change.
 */
export async function applyStatus(tx: Database, update: StatusUpdate): Promise<WhatsAppMessageRow> {
  await tx
    .insert(whatsappMessages)
    .values({ wamid: update.wamid })
    .onConflictDoNothing({ target: whatsappMessages.wamid });
  const [row] = await tx
    .select()
    .from(whatsappMessages)
    .where(eq(whatsappMessages.wamid, update.wamid))
    .for('update');
  if (!row) throw new Error('WhatsApp message row vanished');
  const state = nextWhatsAppState(row.state, update.status);
  const stamp = STAMP[update.status];
  const changes: Partial<WhatsAppMessageRow> = {};
  if (row[stamp] === null) changes[stamp] = update.at;
  if (state !== row.state) {
    changes.state = state;
    if (state === 'failed') {
      changes.errorCode = update.error?.code ?? null;
      changes.errorTitle = update.error?.title ?? null;
    }
  }
  if (Object.keys(changes).length === 0) return row;
  const [updated] = await tx
    .update(whatsappMessages)
    .set(changes)
    .where(eq(whatsappMessages.id, row.id))
    .returning();
  return updated ?? row;
}

/**
 * Takes the failure of a message with a known owner, once: whoever gets the row back acts on it
 * (the webhook, or the send when the failure came first). Nobody else ever does.
 */
export async function claimFailure(
  tx: Database,
  id: number,
  now: Date,
): Promise<WhatsAppMessageRow | undefined> {
  const [row] = await tx
    .update(whatsappMessages)
    .set({ failureHandledAt: now })
    .where(
      and(
        eq(whatsappMessages.id, id),
        eq(whatsappMessages.state, 'failed'),
        isNull(whatsappMessages.failureHandledAt),
        isNotNull(whatsappMessages.userId),
        isNotNull(whatsappMessages.purpose),
      ),
    )
    .returning();
  return row;
}

/**
 * Withdraws a code that could not be delivered, as a refusal at send time does: it cannot be
 * confirmed and does not hold back the next request. A code already used or replaced stays.
 * True when the code was the live one.
 */
export async function withdrawUndeliveredCode(tx: Database, codeId: number): Promise<boolean> {
  const deleted = await tx
    .delete(confirmationCodes)
    .where(and(eq(confirmationCodes.id, codeId), isNull(confirmationCodes.consumedAt)))
    .returning({ id: confirmationCodes.id });
  return deleted.length > 0;
}

/** The newest phone code sent to this user over WhatsApp. */
export async function latestCodeMessage(
  db: Database,
  userId: number,
): Promise<WhatsAppMessageRow | undefined> {
  const [row] = await db
    .select()
    .from(whatsappMessages)
    .where(and(eq(whatsappMessages.userId, userId), eq(whatsappMessages.purpose, 'code')))
    .orderBy(desc(whatsappMessages.createdAt), desc(whatsappMessages.id))
    .limit(1);
  return row;
}

export async function findWhatsAppMessage(
  db: Database,
  id: number,
): Promise<WhatsAppMessageRow | undefined> {
  const [row] = await db.select().from(whatsappMessages).where(eq(whatsappMessages.id, id));
  return row;
}

import { ServerEvent } from '@talaqa/domain';
import type { PhoneCodeUndeliveredEvent } from '@talaqa/domain';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db';
import type { WhatsAppMessageRow } from '../../db/schema';
import { AppError } from '../../errors';
import type { StatusUpdate } from '../../integrations/whatsapp/webhook';
import { scheduleJob } from '../../jobs';
import { userRoom } from '../../realtime';
import type { RealtimeServer } from '../../realtime';
import { applyStatus, claimFailure, recordSentMessage, withdrawUndeliveredCode } from './repo';
import type { SentWhatsAppMessage } from './repo';

/** The job that sends a lesson reminder by e-mail once its WhatsApp message failed. */
export const REMINDER_FALLBACK_JOB = 'whatsapp.reminder-fallback';

/** The job that sends a chat notice by e-mail once its WhatsApp message failed. */
export const CHAT_NOTICE_FALLBACK_JOB = 'whatsapp.chat-notice-fallback';

/**
 * The e-mail job of each purpose that has one; its module registers the handler, which gets
 * `{ messageId }` and reads what the message carried from its row (findWhatsAppMessage).
 */
const EMAIL_FALLBACK_JOBS = {
  reminder: REMINDER_FALLBACK_JOB,
  chat: CHAT_NOTICE_FALLBACK_JOB,
} as const;

export const UNDELIVERED_CODE_MESSAGE = 'WhatsApp could not deliver the code to this number';

/** What a failure calls for once the transaction has committed. */
export type FailureEffect =
  | { kind: 'code-withdrawn'; userId: number; phone: string }
  | { kind: 'email-fallback' }
  | { kind: 'none' };

/**
 * Acts on a failed message once (claimFailure): a verification code is withdrawn, as when the
 * channel refuses it at once; a lesson reminder or a chat notice gets its e-mail job, keyed by
 * the message so it is scheduled once. Runs in the caller's transaction.
 */
async function actOnFailure(
  tx: Database,
  row: WhatsAppMessageRow,
  now: Date,
): Promise<FailureEffect> {
  if (row.state !== 'failed') return { kind: 'none' };
  const claimed = await claimFailure(tx, row.id, now);
  if (!claimed?.userId) return { kind: 'none' };
  if (claimed.purpose === 'code' && claimed.codeId !== null) {
    const live = await withdrawUndeliveredCode(tx, claimed.codeId);
    // A code already replaced or used: nothing left to tell the screen about.
    return live
      ? { kind: 'code-withdrawn', userId: claimed.userId, phone: claimed.phone ?? '' }
      : { kind: 'none' };
  }
  if (claimed.purpose === 'reminder' || claimed.purpose === 'chat') {
    await scheduleJob(tx, {
      kind: EMAIL_FALLBACK_JOBS[claimed.purpose],
      key: `whatsapp-message:${claimed.id}`,
      // No runAt: as soon as possible by the database's own clock, the one the runner claims by.
      payload: { messageId: claimed.id },
    });
    return { kind: 'email-fallback' };
  }
  return { kind: 'none' };
}

/** Tells the code owner's open tabs that the code did not arrive (after commit). */
export function emitCodeUndelivered(io: RealtimeServer, userId: number, phone: string): void {
  const event: PhoneCodeUndeliveredEvent = {
    code: 'unresolved-phone',
    message: UNDELIVERED_CODE_MESSAGE,
    phone,
  };
  io.to(userRoom(userId)).emit(ServerEvent.PhoneCodeUndelivered, event);
}

/** Applies each status in its own transaction; answers what to do once committed. */
export async function applyStatuses(
  { db, clock }: Pick<ServiceContext, 'db' | 'clock'>,
  updates: StatusUpdate[],
): Promise<FailureEffect[]> {
  const now = clock.now();
  const effects: FailureEffect[] = [];
  for (const update of updates) {
    effects.push(
      await db.transaction(async (tx) => actOnFailure(tx, await applyStatus(tx, update), now)),
    );
  }
  return effects;
}

/**
 * Records a message the Cloud API accepted. When its failure arrived before this (the webhook was
 * quicker than our own bookkeeping), the failure is acted on here, once: a code is withdrawn and
 * the send answers `unresolved-phone`; a reminder or a chat notice gets its e-mail job.
 */
export async function recordAcceptedMessage(
  { db, clock }: Pick<ServiceContext, 'db' | 'clock'>,
  message: SentWhatsAppMessage,
): Promise<void> {
  const now = clock.now();
  const effect = await db.transaction(async (tx) =>
    actOnFailure(tx, await recordSentMessage(tx, message), now),
  );
  if (effect.kind === 'code-withdrawn') {
    throw new AppError('unresolved-phone', UNDELIVERED_CODE_MESSAGE);
  }
}

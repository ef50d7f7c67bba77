import { createHash } from 'node:crypto';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db';
import { createLinkToken, telegramLinkReplies } from '../../integrations/telegram';
import type { BotReply, TelegramUpdate } from '../../integrations/telegram';
import {
  attachPendingChat,
  completeLink,
  findPendingByChat,
  findPendingByToken,
  recordUpdate,
  savePendingLink,
} from './repo';

/** How long a "verify with Telegram" link works: Start and the contact share must come within. */
export const TELEGRAM_LINK_TTL_MINUTES = 30;
/** Handled update ids are kept this long (Telegram stops re-delivering after 24 hours). */
export const TELEGRAM_UPDATE_KEEP_HOURS = 48;

/** Tokens are 192 random bits, so a plain SHA-256 is enough to keep them out of the database. */
const tokenHash = (token: string): string =>
  createHash('sha256').update(token, 'utf8').digest('base64url');

export interface CreatedLink {
  token: string;
  expiresAt: Date;
  /** This phone already has a linked chat (codes can go there now). */
  linked: boolean;
}

/** A fresh deep-link token for the user, for `phone` (E.164); any earlier token stops working. */
export async function createLink(
  { db, clock }: Pick<ServiceContext, 'db' | 'clock'>,
  userId: number,
  phone: string,
): Promise<CreatedLink> {
  const now = clock.now();
  const token = createLinkToken();
  const expiresAt = new Date(now.getTime() + TELEGRAM_LINK_TTL_MINUTES * 60_000);
  const row = await savePendingLink(db, { userId, tokenHash: tokenHash(token), expiresAt, phone });
  return { token, expiresAt, linked: row.chatId !== null && row.phone === phone };
}

export interface BotAnswer {
  chatId: number;
  reply: BotReply;
}

type StartUpdate = Extract<TelegramUpdate, { kind: 'start' }>;
type ContactUpdate = Extract<TelegramUpdate, { kind: 'contact' }>;

async function onStart(db: Database, update: StartUpdate, now: Date): Promise<BotReply> {
  const pending = update.linkToken
    ? await findPendingByToken(db, tokenHash(update.linkToken), now)
    : undefined;
  if (!pending) return telegramLinkReplies.unknownLink();
  await attachPendingChat(db, {
    userId: pending.userId,
    chatId: update.chatId,
    // In a private chat the user's id is the chat's id.
    telegramUserId: update.telegramUserId ?? update.chatId,
  });
  return telegramLinkReplies.askForContact();
}

async function onContact(db: Database, update: ContactUpdate, now: Date): Promise<BotReply> {
  const pending = await findPendingByChat(db, update.chatId, now);
  if (!pending?.pendingPhone) return telegramLinkReplies.unknownLink();
  // Only the request_contact button proves the number is the sender's own.
  if (!update.isOwnContact) return telegramLinkReplies.notOwnContact();
  if (update.phoneNumber !== pending.pendingPhone) return telegramLinkReplies.phoneMismatch();
  await completeLink(db, {
    userId: pending.userId,
    chatId: update.chatId,
    telegramUserId: update.telegramUserId,
    phone: pending.pendingPhone,
    now,
  });
  return telegramLinkReplies.linked();
}

/**
 * One webhook update, handled once: its id is recorded in the same transaction as its effect, so
 * a re-delivered update (or a failed attempt Telegram retries) never acts twice. Answers what the
 * bot should reply, if anything; the caller sends it after the commit.
 */
export async function handleUpdate(
  { db, clock }: Pick<ServiceContext, 'db' | 'clock'>,
  update: TelegramUpdate,
): Promise<BotAnswer | undefined> {
  if (update.kind === 'other') return undefined;
  const now = clock.now();
  return db.transaction(async (tx) => {
    if (!(await recordUpdate(tx, update.updateId, now, TELEGRAM_UPDATE_KEEP_HOURS))) {
      return undefined;
    }
    const reply =
      update.kind === 'start' ? await onStart(tx, update, now) : await onContact(tx, update, now);
    return { chatId: update.chatId, reply };
  });
}

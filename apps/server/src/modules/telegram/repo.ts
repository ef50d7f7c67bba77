import { and, eq, gt, isNotNull, lt, ne } from 'drizzle-orm';
import type { Database } from '../../db';
import { telegramLinks, telegramUpdates } from '../../db/schema';
import type { TelegramLinkRow } from '../../db/schema';

/** Starts (or restarts) a user's pending link: a new token, no chat yet; an old link stays. */
export async function savePendingLink(
  db: Database,
  input: { userId: number; tokenHash: string; expiresAt: Date; phone: string },
): Promise<TelegramLinkRow> {
  const pending = {
    tokenHash: input.tokenHash,
    tokenExpiresAt: input.expiresAt,
    pendingPhone: input.phone,
    pendingChatId: null,
    pendingTelegramUserId: null,
  };
  const [row] = await db
    .insert(telegramLinks)
    .values({ userId: input.userId, ...pending })
    .onConflictDoUpdate({ target: telegramLinks.userId, set: pending })
    .returning();
  if (!row) throw new Error('telegram link not saved');
  return row;
}

/** The pending link of an unexpired token (by its hash). */
export async function findPendingByToken(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<TelegramLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(telegramLinks)
    .where(and(eq(telegramLinks.tokenHash, tokenHash), gt(telegramLinks.tokenExpiresAt, now)));
  return row;
}

/** The unexpired pending link a chat pressed Start for. */
export async function findPendingByChat(
  db: Database,
  chatId: number,
  now: Date,
): Promise<TelegramLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(telegramLinks)
    .where(and(eq(telegramLinks.pendingChatId, chatId), gt(telegramLinks.tokenExpiresAt, now)));
  return row;
}

/** Remembers the chat that sent `/start <token>`; another account's wait for it ends. */
export async function attachPendingChat(
  db: Database,
  input: { userId: number; chatId: number; telegramUserId: number },
): Promise<void> {
  await db
    .update(telegramLinks)
    .set({ pendingChatId: null, pendingTelegramUserId: null })
    .where(
      and(eq(telegramLinks.pendingChatId, input.chatId), ne(telegramLinks.userId, input.userId)),
    );
  await db
    .update(telegramLinks)
    .set({ pendingChatId: input.chatId, pendingTelegramUserId: input.telegramUserId })
    .where(eq(telegramLinks.userId, input.userId));
}

/** The chat shared the pending phone: it becomes the link, and the token is used up. */
export async function completeLink(
  db: Database,
  input: { userId: number; chatId: number; telegramUserId: number; phone: string; now: Date },
): Promise<void> {
  await db
    .update(telegramLinks)
    .set({
      chatId: input.chatId,
      telegramUserId: input.telegramUserId,
      phone: input.phone,
      linkedAt: input.now,
      tokenHash: null,
      tokenExpiresAt: null,
      pendingPhone: null,
      pendingChatId: null,
      pendingTelegramUserId: null,
    })
    .where(eq(telegramLinks.userId, input.userId));
}

/** The chat linked to this user for exactly this phone; a link made for another number is no use. */
export async function linkedChatId(
  db: Database,
  userId: number,
  phone: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ chatId: telegramLinks.chatId })
    .from(telegramLinks)
    .where(
      and(
        eq(telegramLinks.userId, userId),
        eq(telegramLinks.phone, phone),
        isNotNull(telegramLinks.chatId),
      ),
    );
  return row?.chatId ?? undefined;
}

/**
 * Records an update id; false when it was recorded before (Telegram delivered it again). Ids
 * older than `keepHours` are pruned first: Telegram gives up on an update after 24 hours.
 */
export async function recordUpdate(
  db: Database,
  updateId: number,
  now: Date,
  keepHours: number,
): Promise<boolean> {
  await db
    .delete(telegramUpdates)
    .where(lt(telegramUpdates.receivedAt, new Date(now.getTime() - keepHours * 3_600_000)));
  const inserted = await db
    .insert(telegramUpdates)
    .values({ updateId, receivedAt: now })
    .onConflictDoNothing()
    .returning({ updateId: telegramUpdates.updateId });
  return inserted.length > 0;
}

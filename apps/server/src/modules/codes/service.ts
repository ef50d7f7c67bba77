import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { CODE_RESEND_SECONDS, VERIFICATION_CODE_LENGTH } from '@talaqa/domain';
import type { CodePurpose, CodeSentAnswer } from '@talaqa/domain';
import { AppError } from '../../errors';
import type { Database } from '../../db';
import { confirmationCodes } from '../../db/schema';
import type { ConfirmationCodeRow } from '../../db/schema';

/** How long a code works, how soon another may be sent, and how many wrong tries it survives. */
export const CODE_TTL_MINUTES = 10;
export { CODE_RESEND_SECONDS };
export const CODE_MAX_ATTEMPTS = 5;

const newCode = (): string =>
  String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');

/**
 * Five digits are easy to guess offline from a plain hash, so the hash is keyed with the server
 * secret and bound to the user, the purpose and where the code was sent.
 */
function codeHash(
  secret: string,
  row: Pick<ConfirmationCodeRow, 'userId' | 'purpose' | 'target'>,
  code: string,
): string {
  return createHmac('sha256', secret)
    .update(`${row.userId}:${row.purpose}:${row.target}:${code}`)
    .digest('base64url');
}

const sameHash = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

async function latestCode(
  db: Database,
  userId: number,
  purpose: CodePurpose,
): Promise<ConfirmationCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(confirmationCodes)
    .where(and(eq(confirmationCodes.userId, userId), eq(confirmationCodes.purpose, purpose)))
    .orderBy(desc(confirmationCodes.createdAt), desc(confirmationCodes.id))
    .limit(1);
  return row;
}

export interface IssuedCode extends CodeSentAnswer {
  id: number;
  code: string;
}

// The codes' functions run inside their callers' transactions (an e-mail change, a password
// reset), so they take that transaction and the instant its caller read from the app's clock.

/**
 * Makes a new code for (user, purpose), replacing any earlier one. Refuses with
 * `too-many-requests` while the previous code is younger than the resend delay.
 */
export async function issueCode(
  db: Database,
  secret: string,
  request: {
    userId: number;
    purpose: CodePurpose;
    target: string;
    /** The resend delay holds only for the same target (a new address asked for at once). */
    delayPerTarget?: boolean;
  },
  now: Date,
): Promise<IssuedCode> {
  const { delayPerTarget = false, ...input } = request;
  const previous = await latestCode(db, input.userId, input.purpose);
  if (
    previous &&
    (!delayPerTarget || previous.target.toLowerCase() === input.target.toLowerCase()) &&
    now.getTime() - previous.createdAt.getTime() < CODE_RESEND_SECONDS * 1000
  ) {
    throw new AppError('too-many-requests', 'A code was sent moments ago');
  }
  const code = newCode();
  const expiresAt = new Date(now.getTime() + CODE_TTL_MINUTES * 60_000);
  const id = await db.transaction(async (tx) => {
    // A code replaced after wrong tries, never used, died of guessing too: otherwise four wrong
    // tries and a new code, again and again, would never reach the daily cap of dead codes.
    await tx
      .update(confirmationCodes)
      .set({ diedAt: now })
      .where(
        and(
          eq(confirmationCodes.userId, input.userId),
          eq(confirmationCodes.purpose, input.purpose),
          isNull(confirmationCodes.consumedAt),
          isNull(confirmationCodes.diedAt),
          gt(confirmationCodes.attempts, 0),
        ),
      );
    // Only the newest code counts: the older ones are used up.
    await tx
      .update(confirmationCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(confirmationCodes.userId, input.userId),
          eq(confirmationCodes.purpose, input.purpose),
          isNull(confirmationCodes.consumedAt),
        ),
      );
    const [row] = await tx
      .insert(confirmationCodes)
      .values({ ...input, codeHash: codeHash(secret, input, code), expiresAt, createdAt: now })
      .returning({ id: confirmationCodes.id });
    if (!row) throw new Error('confirmation code not saved');
    return row.id;
  });
  const resendAfter = new Date(now.getTime() + CODE_RESEND_SECONDS * 1000);
  return { id, code, expiresAt: expiresAt.toISOString(), resendAfter: resendAfter.toISOString() };
}

/**
 * Takes back a code that never left (the channel refused it): it cannot be confirmed, and it does
 * not hold back the next request with the resend delay.
 */
export async function withdrawCode(db: Database, codeId: number): Promise<void> {
  await db.delete(confirmationCodes).where(eq(confirmationCodes.id, codeId));
}

/**
 * Checks a code against the newest one of (user, purpose). Every try is counted first, in one
 * guarded update, so parallel guesses cannot exceed the limit. With `consume`, a right code is
 * used up in the same guarded way, so it works once.
 */
export async function checkCode(
  db: Database,
  secret: string,
  input: { userId: number; purpose: CodePurpose; code: string; consume: boolean },
  now: Date,
): Promise<ConfirmationCodeRow> {
  const row = await latestCode(db, input.userId, input.purpose);
  if (!row || row.consumedAt) throw new AppError('invalid-verification-code');
  if (row.expiresAt <= now) throw new AppError('expired-verification-code');
  const [counted] = await db
    .update(confirmationCodes)
    .set({ attempts: sql`${confirmationCodes.attempts} + 1` })
    .where(and(eq(confirmationCodes.id, row.id), lt(confirmationCodes.attempts, CODE_MAX_ATTEMPTS)))
    .returning({ attempts: confirmationCodes.attempts });
  // Too many wrong tries: the code is dead, a new one must be asked for.
  if (!counted) throw new AppError('expired-verification-code', 'Too many wrong tries');
  if (!sameHash(row.codeHash, codeHash(secret, row, input.code))) {
    // The last allowed try was wrong: the code died of guessing (reset codes have a daily cap).
    if (counted.attempts >= CODE_MAX_ATTEMPTS) {
      await db
        .update(confirmationCodes)
        .set({ diedAt: now })
        .where(eq(confirmationCodes.id, row.id));
    }
    throw new AppError('invalid-verification-code');
  }
  if (input.consume) await consumeCode(db, row.id, now);
  return row;
}

/** Uses a code up; fails when it already was (a replayed confirmation or reset). */
export async function consumeCode(db: Database, codeId: number, now: Date): Promise<void> {
  const [used] = await db
    .update(confirmationCodes)
    .set({ consumedAt: now })
    .where(and(eq(confirmationCodes.id, codeId), isNull(confirmationCodes.consumedAt)))
    .returning({ id: confirmationCodes.id });
  if (!used) throw new AppError('expired-verification-code', 'The code was already used');
}

import { and, count, eq, gt, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { CodePurpose, RESET_CODES_DEAD_PER_DAY } from '@talaqa/domain';
import type { Clock } from '../../clock';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db';
import { confirmationCodes, securityEvents } from '../../db/schema';
import { scheduleJob } from '../../jobs';
import type { AccountNotice } from '../../integrations/email';
import { AppError } from '../../errors';
import { findUserRow, findUserRowByEmail } from '../accounts';
import { CODE_TTL_MINUTES, issueCode, withdrawCode } from './service';

export type SecurityEventKind = 'google-dropped-password' | 'reset-codes-capped' | 'email-changed';

const DAY_MS = 24 * 60 * 60_000;

/** Writes down what happened to an account's security (the `security_events` table). */
export async function recordSecurityEvent(
  db: Database,
  userId: number,
  kind: SecurityEventKind,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await db.insert(securityEvents).values({ userId, kind, detail });
}

async function hasEventSince(
  db: Database,
  userId: number,
  kind: SecurityEventKind,
  since: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: securityEvents.id })
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.userId, userId),
        eq(securityEvents.kind, kind),
        gt(securityEvents.createdAt, since),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Reset codes of the user that died of wrong tries in the last 24 hours. */
export async function deadResetCodesToday(
  db: Database,
  userId: number,
  now: Date,
): Promise<number> {
  const [row] = await db
    .select({ dead: count() })
    .from(confirmationCodes)
    .where(
      and(
        eq(confirmationCodes.userId, userId),
        eq(confirmationCodes.purpose, CodePurpose.ResetPassword),
        isNotNull(confirmationCodes.diedAt),
        gt(confirmationCodes.diedAt, new Date(now.getTime() - DAY_MS)),
      ),
    );
  return row?.dead ?? 0;
}

/** Jobs of this module: the reset-code mail and security notices, sent off the request path. */
export const RESET_MAIL_JOB = 'accounts.password-reset-mail';
export const NOTICE_JOB = 'accounts.notice';

const resetMailPayload = z.object({ email: z.string() });
const noticePayload = z.object({
  userId: z.number().int(),
  to: z.string(),
  notice: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('email-changed'), newEmail: z.string() }),
    z.object({ kind: z.literal('reset-codes-capped'), perDay: z.number().int() }),
  ]),
});

/**
 * A password-reset request, known e-mail or not: one job scheduled (keyed by the address, so
 * repeated asks while one waits move it), nothing looked up and nothing sent while the request
 * waits, so the answer takes the same time either way.
 */
export async function requestResetMail(db: Database, email: string): Promise<void> {
  await scheduleJob(db, {
    kind: RESET_MAIL_JOB,
    key: email.trim().toLowerCase(),
    payload: { email: email.trim() },
  });
}

/** Tells the owner something by e-mail, through the job runner (retried if the mail fails). */
export async function scheduleNotice(
  db: Database,
  input: { userId: number; to: string; notice: AccountNotice; key?: string },
): Promise<void> {
  await scheduleJob(db, {
    kind: NOTICE_JOB,
    key: input.key ?? null,
    payload: { userId: input.userId, to: input.to, notice: input.notice },
  });
}

/**
 * After a wrong reset code: once the day's dead codes reach the cap, the owner is told, once a
 * day (a `reset-codes-capped` event marks it).
 */
export async function noteWrongResetCode(
  { db, clock }: Pick<ServiceContext, 'db' | 'clock'>,
  userId: number,
): Promise<void> {
  const now = clock.now();
  if ((await deadResetCodesToday(db, userId, now)) < RESET_CODES_DEAD_PER_DAY) return;
  await tellResetCapReached(db, userId, now);
}

/** The owner hears that reset codes stopped, once in 24 hours. */
async function tellResetCapReached(db: Database, userId: number, now: Date): Promise<void> {
  if (await hasEventSince(db, userId, 'reset-codes-capped', new Date(now.getTime() - DAY_MS))) {
    return;
  }
  const row = await findUserRow(db, userId);
  if (!row) return;
  await db.transaction(async (tx) => {
    await recordSecurityEvent(tx, userId, 'reset-codes-capped', {
      perDay: RESET_CODES_DEAD_PER_DAY,
    });
    await scheduleNotice(tx, {
      userId,
      to: row.email,
      notice: { kind: 'reset-codes-capped', perDay: RESET_CODES_DEAD_PER_DAY },
      key: `reset-cap:${userId}`,
    });
  });
}

/** Registers the jobs: the reset-code mail (with the daily cap) and the notices. */
export function registerAccountJobs(app: FastifyInstance): void {
  const secret = app.config.jwtSecret;
  const clock: Clock = app.clock;
  app.jobs.register(RESET_MAIL_JOB, async (payload, { db, log }) => {
    const { email } = resetMailPayload.parse(payload);
    const row = await findUserRowByEmail(db, email);
    if (!row) return;
    const now = clock.now();
    if ((await deadResetCodesToday(db, row.id, now)) >= RESET_CODES_DEAD_PER_DAY) {
      log.warn({ userId: row.id }, 'reset code not sent: the daily cap of dead codes is reached');
      await tellResetCapReached(db, row.id, now);
      return;
    }
    let issued;
    try {
      issued = await issueCode(
        db,
        secret,
        { userId: row.id, purpose: CodePurpose.ResetPassword, target: row.email },
        now,
      );
    } catch (error) {
      // A code went out moments ago: that one still works.
      if (error instanceof AppError && error.code === 'too-many-requests') return;
      throw error;
    }
    // Replacing a guessed-at code may have been the death that reaches the cap.
    if ((await deadResetCodesToday(db, row.id, now)) >= RESET_CODES_DEAD_PER_DAY) {
      await withdrawCode(db, issued.id);
      log.warn({ userId: row.id }, 'reset code not sent: the daily cap of dead codes is reached');
      await tellResetCapReached(db, row.id, now);
      return;
    }
    try {
      await app.messenger.emailCode({
        to: row.email,
        name: row.name,
        code: issued.code,
        kind: 'reset-password',
        validMinutes: CODE_TTL_MINUTES,
      });
    } catch (error) {
      // Not sent: the retry issues a fresh code, without waiting for the resend delay.
      await withdrawCode(db, issued.id);
      throw error;
    }
  });
  app.jobs.register(NOTICE_JOB, async (payload, { db }) => {
    const { userId, to, notice } = noticePayload.parse(payload);
    const row = await findUserRow(db, userId);
    if (!row) return;
    await app.messenger.emailNotice({ to, name: row.name, notice });
  });
}

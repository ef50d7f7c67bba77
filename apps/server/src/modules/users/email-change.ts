import { CodePurpose, sameEmail } from '@talaqa/domain';
import type { User } from '@talaqa/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Database } from '../../db';
import { AppError } from '../../errors';
import type { Identity } from '../../http/access';
import type { AttemptCounter } from '../../http/attempts';
import type { UserPatch } from '../accounts';
import { CODE_TTL_MINUTES, issueCode, recordSecurityEvent, scheduleNotice } from '../codes';
import type { AccountMessenger, IssuedCode } from '../codes';

/** New addresses an owner may ask for in an hour (each one mails a code to it). */
const EMAIL_CHANGES_PER_HOUR = 10;

/** How PUT /user/{id} applies an `email`: the row patch, work inside its transaction, and after. */
export interface EmailChangePlan {
  patch: UserPatch;
  inTransaction?: (tx: Database) => Promise<void>;
  afterCommit?: (log: FastifyBaseLogger) => Promise<void>;
}

/**
 * The owner's new address waits in `pending_email` until the code sent there is confirmed
 * (POST /confirmation-code/email/confirm); sending the current address again cancels a pending
 * change. An admin's change of someone else's address (item 1 of issue 15 already refused it for
 * another admin's account unless the caller is a super admin) takes effect at once, unverified,
 * and the old address is told: it is how support helps someone who lost their old inbox.
 */
export function planEmailChange(
  clock: Clock,
  secret: string,
  messenger: AccountMessenger,
  attempts: AttemptCounter,
  caller: Identity,
  target: User,
  fields: UserPatch,
): EmailChangePlan {
  const { email, ...rest } = fields;
  if (email === undefined || email === null || sameEmail(email, target.email)) {
    const cancel = email !== undefined && caller.userId === target.id && target.pendingEmail;
    return { patch: cancel ? { ...rest, pendingEmail: null } : rest };
  }
  if (caller.userId === target.id) {
    let issued: IssuedCode | undefined;
    const countRequest = () => attempts.hit(`email-change:user:${target.id}`, 60 * 60_000);
    return {
      patch: { ...rest, pendingEmail: email },
      inTransaction: async (tx) => {
        // A code sent moments ago refuses with too-many-requests, and nothing is saved.
        // Asking for several addresses in a row is bounded by the hourly count below.
        if ((await countRequest()) > EMAIL_CHANGES_PER_HOUR) {
          throw new AppError('too-many-requests', 'Too many e-mail changes asked for');
        }
        issued = await issueCode(
          tx,
          secret,
          {
            userId: target.id,
            purpose: CodePurpose.VerifyEmail,
            target: email,
            delayPerTarget: true,
          },
          clock.now(),
        );
      },
      afterCommit: async (log) => {
        if (!issued) return;
        // The change waits either way: a failed mail only means asking again (resend).
        await messenger
          .emailCode({
            to: email,
            name: target.name,
            code: issued.code,
            kind: 'verify-email',
            validMinutes: CODE_TTL_MINUTES,
          })
          .catch((error: unknown) => {
            log.warn({ err: error }, 'the code to a new e-mail address was not sent');
          });
      },
    };
  }
  return {
    patch: { ...rest, email, emailVerified: false, pendingEmail: null },
    inTransaction: async (tx) => {
      await recordSecurityEvent(tx, target.id, 'email-changed', {
        by: caller.userId,
        from: target.email,
        to: email,
      });
      await scheduleNotice(tx, {
        userId: target.id,
        to: target.email,
        notice: { kind: 'email-changed', newEmail: email },
      });
    },
  };
}

import { CodePurpose } from '@talaqa/domain';
import type { CodeSentAnswer, User } from '@talaqa/domain';
import type { ServiceContext } from '../../context';
import { patchUser } from '../accounts';
import type { AccountMessenger } from './messenger';
import { recordSecurityEvent, scheduleNotice } from './security';
import { CODE_TTL_MINUTES, issueCode } from './service';

/** Issues an e-mail verification code for the user's current address and mails it. */
export async function sendEmailVerificationCode(
  { db, clock }: Pick<ServiceContext, 'db' | 'clock'>,
  secret: string,
  messenger: AccountMessenger,
  user: Pick<User, 'id' | 'email' | 'name'>,
): Promise<CodeSentAnswer> {
  const issued = await issueCode(
    db,
    secret,
    { userId: user.id, purpose: CodePurpose.VerifyEmail, target: user.email },
    clock.now(),
  );
  await messenger.emailCode({
    to: user.email,
    name: user.name,
    code: issued.code,
    kind: 'verify-email',
    validMinutes: CODE_TTL_MINUTES,
  });
  return { expiresAt: issued.expiresAt, resendAfter: issued.resendAfter };
}

/**
 * The code sent to the pending address was confirmed: the account's address becomes it
 * (verified), and the old address is told. Another account holding it by now: `user-exists`.
 */
export async function completeEmailChange(
  { db }: Pick<ServiceContext, 'db'>,
  user: User & { pendingEmail: string },
): Promise<User> {
  return db.transaction(async (tx) => {
    const updated = await patchUser(tx, user.id, {
      email: user.pendingEmail,
      emailVerified: true,
      pendingEmail: null,
    });
    await recordSecurityEvent(tx, user.id, 'email-changed', {
      by: user.id,
      from: user.email,
      to: user.pendingEmail,
    });
    await scheduleNotice(tx, {
      userId: user.id,
      to: user.email,
      notice: { kind: 'email-changed', newEmail: user.pendingEmail },
    });
    return updated;
  });
}

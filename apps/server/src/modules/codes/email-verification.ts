import { CodePurpose } from '@talaqa/domain';
import type { CodeSentAnswer, User } from '@talaqa/domain';
import type { Database } from '../../db';
import type { AccountMessenger } from './messenger';
import { CODE_TTL_MINUTES, issueCode } from './service';

/** Issues an e-mail verification code for the user's current address and mails it. */
export async function sendEmailVerificationCode(
  db: Database,
  secret: string,
  messenger: AccountMessenger,
  user: Pick<User, 'id' | 'email' | 'name'>,
): Promise<CodeSentAnswer> {
  const issued = await issueCode(db, secret, {
    userId: user.id,
    purpose: CodePurpose.VerifyEmail,
    target: user.email,
  });
  await messenger.emailCode({
    to: user.email,
    name: user.name,
    code: issued.code,
    kind: 'verify-email',
    validMinutes: CODE_TTL_MINUTES,
  });
  return { expiresAt: issued.expiresAt, resendAfter: issued.resendAfter };
}

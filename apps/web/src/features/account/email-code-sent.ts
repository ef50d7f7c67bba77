import type { CodeSentAnswer } from '@talaqa/domain';

// The code mailed at sign-up is remembered per user for this tab, so the verification card opens
// on the code field (with the right resend countdown) instead of offering to send another one.
const key = (userId: number) => `talaqa.emailCodeSent.${userId}`;

const storage = (): Storage | undefined => {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
};

export function rememberEmailCodeSent(userId: number, answer: CodeSentAnswer | null): void {
  if (answer) storage()?.setItem(key(userId), JSON.stringify(answer));
}

/** The last code sent to this user's e-mail from this tab, while it still works. */
export function emailCodeSent(userId: number, now = Date.now()): CodeSentAnswer | null {
  const saved = storage()?.getItem(key(userId));
  if (!saved) return null;
  try {
    const answer = JSON.parse(saved) as CodeSentAnswer;
    return Date.parse(answer.expiresAt) > now ? answer : null;
  } catch {
    return null;
  }
}

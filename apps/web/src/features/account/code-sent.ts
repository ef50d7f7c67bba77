import type { CodeSentAnswer, PhoneCodeChannel } from '@talaqa/domain';

// A code already sent is remembered for this tab (sessionStorage), keyed by the user and the
// address it went to, so a reload or a reopened dialog opens on the code field (with the right
// resend countdown) instead of offering to send another one. Forgotten once it expires.

const storage = (): Storage | undefined => {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
};

const emailKey = (userId: number, address: string) =>
  `talaqa.emailCodeSent.${userId}.${address.toLowerCase()}`;
const phoneKey = (userId: number) => `talaqa.phoneCodeSent.${userId}`;

function read<T extends CodeSentAnswer>(key: string, now: number): T | null {
  const saved = storage()?.getItem(key);
  if (!saved) return null;
  try {
    const answer = JSON.parse(saved) as T;
    if (Date.parse(answer.expiresAt) > now) return answer;
  } catch {
    // A damaged entry is dropped below.
  }
  storage()?.removeItem(key);
  return null;
}

export function rememberEmailCodeSent(
  userId: number,
  address: string,
  answer: CodeSentAnswer | null,
): void {
  if (answer) storage()?.setItem(emailKey(userId, address), JSON.stringify(answer));
}

/** The last code sent to this address from this tab, while it still works. */
export function emailCodeSent(userId: number, address: string, now = Date.now()) {
  return read<CodeSentAnswer>(emailKey(userId, address), now);
}

/** A phone code: where it went and by which app, besides the server's answer. */
export type PhoneCodeSent = CodeSentAnswer & { phone: string; channel: PhoneCodeChannel };

export function rememberPhoneCodeSent(userId: number, sent: PhoneCodeSent | null): void {
  if (sent) storage()?.setItem(phoneKey(userId), JSON.stringify(sent));
  else storage()?.removeItem(phoneKey(userId));
}

/** The last phone code sent from this tab, while it still works. */
export function phoneCodeSent(userId: number, now = Date.now()): PhoneCodeSent | null {
  return read<PhoneCodeSent>(phoneKey(userId), now);
}

import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, 2 passes, 1 lane): OWASP's minimum recommendation,
// a fraction of a second per sign-in on this hardware.
// Algorithm.Argon2id; the enum is a const enum, which isolated modules cannot read.
const OPTIONS = { algorithm: 2 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// A fixed hash to verify against when the e-mail is unknown, so a wrong e-mail costs the same time
// as a wrong password and timing does not tell which accounts exist.
let decoy: Promise<string> | undefined;
export async function spendPasswordCheckTime(password: string): Promise<void> {
  decoy ??= hashPassword('decoy-password-for-unknown-accounts-1');
  await passwordMatches(await decoy, password);
}

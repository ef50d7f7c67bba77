import { createHash, randomBytes } from 'node:crypto';
import { INVITE_ROLE_WORD, INVITE_VALID_DAYS } from '@talaqa/domain';
import type {
  Invite,
  InvitePage,
  InviteRole,
  InviteState,
  InviteSummary,
  User,
} from '@talaqa/domain';
import { ROLE_NAMES_AR } from '@talaqa/ui/enum-labels';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db';
import { isUniqueViolation } from '../../db/errors';
import type { InviteRow } from '../../db/schema';
import { AppError } from '../../errors';
import { createUser, findUserRowByEmail } from '../accounts';
import type { AccountMessenger } from '../codes';
import {
  claimInviteRow,
  findInviteRow,
  findInviteRowByTokenHash,
  insertInviteRow,
  listInviteRows,
  pendingInviteFor,
  setAcceptedBy,
  stateOf,
  toInvite,
  updateInviteRow,
} from './repo';

const DAY_MS = 24 * 60 * 60_000;

/** 32 random bytes: a plain SHA-256 is enough to keep (nothing to guess offline). */
export const hashInviteToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

const newToken = (): string => randomBytes(32).toString('base64url');

/** What sending needs: the messenger and where the web app's sign-up page is. */
export interface InviteMail {
  messenger: AccountMessenger;
  webOrigin: string;
}

type Ctx = Pick<ServiceContext, 'db' | 'clock'>;

/** Mails the link; a failure throws, so the caller's transaction (the new token) rolls back. */
async function sendInvite(mail: InviteMail, email: string, role: InviteRole, token: string) {
  const link = new URL(`/register/${INVITE_ROLE_WORD[role]}`, mail.webOrigin);
  link.searchParams.set('invite', token);
  await mail.messenger.emailNotice({
    to: email,
    name: '',
    notice: {
      kind: 'invite',
      roleName: ROLE_NAMES_AR[role],
      link: link.href,
      validDays: INVITE_VALID_DAYS,
    },
  });
}

async function assertNoAccount(db: Database, email: string): Promise<void> {
  if (await findUserRowByEmail(db, email)) {
    throw new AppError('user-exists', 'An account already uses this e-mail');
  }
}

function pendingExists(error: unknown): never {
  if (isUniqueViolation(error, 'invites_pending_email_key')) {
    throw new AppError('invite-exists', 'A pending invite already holds this e-mail');
  }
  throw error;
}

/** POST /invite: stored and mailed together (a mail that fails leaves nothing behind). */
export async function createInvite(
  { db, clock }: Ctx,
  mail: InviteMail,
  adminId: number,
  body: { email: string; role: InviteRole },
): Promise<Invite> {
  const now = clock.now();
  await assertNoAccount(db, body.email);
  if (await pendingInviteFor(db, body.email)) {
    throw new AppError('invite-exists', 'A pending invite already holds this e-mail');
  }
  const token = newToken();
  const row = await db
    .transaction(async (tx) => {
      const inserted = await insertInviteRow(tx, {
        email: body.email,
        role: body.role,
        tokenHash: hashInviteToken(token),
        expiresAt: new Date(now.getTime() + INVITE_VALID_DAYS * DAY_MS),
        createdBy: adminId,
      });
      await sendInvite(mail, inserted.email, inserted.role as InviteRole, token);
      return inserted;
    })
    .catch(pendingExists);
  return toInvite(row, now);
}

async function requireInviteRow(db: Database, id: number, forUpdate = false): Promise<InviteRow> {
  const row = await findInviteRow(db, id, forUpdate);
  if (!row) throw new AppError('invite-not-found');
  return row;
}

function assertOpen(row: InviteRow): void {
  if (row.status !== 'pending') {
    throw new AppError('invite-closed', `The invite is ${row.status}`);
  }
}

/**
 * PUT /invite/{id}: a pending or expired invite gets a new link and a new expiry (the old link
 * stops working), its role changed if given, and is mailed again.
 */
export async function resendInvite(
  { db, clock }: Ctx,
  mail: InviteMail,
  adminId: number,
  id: number,
  body: { role?: InviteRole | undefined },
): Promise<Invite> {
  const now = clock.now();
  const token = newToken();
  const row = await db.transaction(async (tx) => {
    const current = await requireInviteRow(tx, id, true);
    assertOpen(current);
    await assertNoAccount(tx, current.email);
    const updated = await updateInviteRow(tx, id, {
      role: body.role ?? current.role,
      tokenHash: hashInviteToken(token),
      expiresAt: new Date(now.getTime() + INVITE_VALID_DAYS * DAY_MS),
      createdBy: adminId,
    });
    await sendInvite(mail, updated.email, updated.role as InviteRole, token);
    return updated;
  });
  return toInvite(row, now);
}

/** DELETE /invite/{id}: the link stops working; the row stays for the record. Once is enough. */
export async function revokeInvite({ db }: Ctx, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await requireInviteRow(tx, id, true);
    if (current.status === 'revoked') return;
    assertOpen(current);
    await updateInviteRow(tx, id, { status: 'revoked' });
  });
}

export async function getInvite({ db, clock }: Ctx, id: number): Promise<Invite> {
  return toInvite(await requireInviteRow(db, id), clock.now());
}

export async function listInvites(
  { db, clock }: Ctx,
  query: {
    page: number;
    size: number;
    state?: InviteState | undefined;
    search?: string | undefined;
  },
): Promise<InvitePage> {
  const now = clock.now();
  const { rows, total } = await listInviteRows(db, query, now);
  return { list: rows.map((row) => toInvite(row, now)), total };
}

/** The invite a link's token opens, refused with the reason it cannot be used. */
async function usableInvite(db: Database, token: string, now: Date): Promise<InviteRow> {
  const row = await findInviteRowByTokenHash(db, hashInviteToken(token));
  if (!row) throw new AppError('invite-not-found');
  const state = stateOf(row, now);
  if (state === 'expired') throw new AppError('invite-expired', 'The invite link has expired');
  if (state !== 'pending') throw new AppError('invite-closed', `The invite is ${state}`);
  return row;
}

/** POST /invite/check: what the sign-up page shows before the form. */
export async function checkInvite({ db, clock }: Ctx, token: string): Promise<InviteSummary> {
  const row = await usableInvite(db, token, clock.now());
  return {
    email: row.email,
    role: row.role as InviteRole,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * POST /invite/accept: in one transaction, the invite is taken (a second acceptance waits on its
 * row, then finds it accepted) and the account is made with the invited address, verified since
 * the link proved it, and the invited role.
 */
export async function acceptInvite(
  { db, clock }: Ctx,
  body: { token: string; name: string; password: string },
): Promise<User> {
  const now = clock.now();
  const row = await usableInvite(db, body.token, now);
  return db.transaction(async (tx) => {
    const claimed = await claimInviteRow(tx, row.id, null, now);
    if (!claimed) await usableInvite(tx, body.token, now);
    if (!claimed) throw new AppError('invite-closed');
    const user = await createUser(tx, {
      name: body.name,
      email: claimed.email,
      password: body.password,
      role: claimed.role as InviteRole,
      emailVerified: true,
    });
    await setAcceptedBy(tx, claimed.id, user.id);
    return user;
  });
}

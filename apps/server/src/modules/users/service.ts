import { and, eq, sql } from 'drizzle-orm';
import { NotificationMethod, Role, SELF_SIGN_UP_ROLES, sameEmail, userView } from '@talaqa/domain';
import type { User, UserView, UserViewName } from '@talaqa/domain';
import { AppError } from '../../errors';
import type { Database } from '../../db';
import type { ServiceContext } from '../../context';
import { lessons } from '../../db/schema';
import { assertSelfOrAdmin, isAdmin } from '../../http/access';
import type { Identity } from '../../http/access';
import { patchUser, requireUser } from '../accounts';
import type { UserPatch } from '../accounts';
import { findTutorRow, isListedRow, upsertTutorText } from '../tutors';
import type { TutorTextPatch } from '../tutors';

const ADMIN_ROLE_VALUES: readonly Role[] = [Role.SuperAdmin, Role.RegularAdmin];

/**
 * Who may create an account of this role: anyone may sign up as a student or a tutor; admins
 * create every other role; only a super admin creates admins.
 */
export function assertMayCreateRole(creator: Identity | null, role: Role): void {
  if ((SELF_SIGN_UP_ROLES as readonly Role[]).includes(role)) return;
  if (!creator || !isAdmin(creator))
    throw new AppError('forbidden', 'Only admins create this role');
  if (ADMIN_ROLE_VALUES.includes(role) && creator.role !== Role.SuperAdmin) {
    throw new AppError('forbidden', 'Only a super admin creates admins');
  }
}

/** Whether a tutor and a student share a lesson (of any status: past, coming or cancelled). */
async function shareALesson(db: Database, tutorId: number, studentId: number): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(lessons)
    .where(and(eq(lessons.tutorId, tutorId), eq(lessons.studentId, studentId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Which view of `user` the caller gets (see packages/domain/src/api/profiles.ts): all of it for
 * the owner and admins; a student's level and aim for a tutor they have a lesson with; a tutor's
 * public fields when the tutor is listed or has a lesson with the caller; else the public card.
 */
export async function profileViewName(
  db: Database,
  caller: Identity,
  user: User,
): Promise<UserViewName> {
  if (caller.userId === user.id || isAdmin(caller)) return 'full';
  if (user.role === Role.Student && caller.role === Role.Tutor) {
    return (await shareALesson(db, caller.userId, user.id)) ? 'lesson-student' : 'public';
  }
  if (user.role === Role.Tutor) {
    const tutor = await findTutorRow(db, user.id);
    if (tutor && isListedRow(tutor)) return 'tutor-public';
    if (caller.role === Role.Student && (await shareALesson(db, user.id, caller.userId))) {
      return 'tutor-public';
    }
  }
  return 'public';
}

/** GET /user/{id}: the user as the caller may see them, nothing more. */
export async function viewProfile(
  { db }: Pick<ServiceContext, 'db'>,
  caller: Identity,
  id: number,
): Promise<UserView> {
  const user = await requireUser(db, id);
  return userView(user, await profileViewName(db, caller, user));
}

/** The patch changes the address, phone or password (the e-mail compared case-insensitively). */
export function changesCredentials(target: User, patch: UserPatch): boolean {
  return (
    (patch.email !== undefined && patch.email !== null && !sameEmail(patch.email, target.email)) ||
    (patch.phone !== undefined && patch.phone !== target.phone) ||
    patch.passwordHash !== undefined
  );
}

/**
 * What a caller may change: the role is admins' (admin roles a super admin's). Owners change their
 * own e-mail (it takes effect once the new address confirms a code, `email-change.ts`); admins
 * change other people's, but another admin's e-mail, phone or password only a super admin may
 * change, so a regular admin cannot take over a super admin's account (issue 15).
 */
export function assertMayPatch(caller: Identity, target: User, patch: UserPatch): void {
  assertSelfOrAdmin(caller, target.id);
  if (patch.role !== undefined && !isAdmin(caller)) {
    throw new AppError('forbidden', 'Only admins change roles');
  }
  if (
    caller.userId !== target.id &&
    ADMIN_ROLE_VALUES.includes(target.role) &&
    caller.role !== Role.SuperAdmin &&
    changesCredentials(target, patch)
  ) {
    throw new AppError('forbidden', "Only a super admin changes another admin's sign-in details");
  }
  const adminRoleChange =
    patch.role !== undefined &&
    patch.role !== target.role &&
    (ADMIN_ROLE_VALUES.includes(patch.role as Role) || ADMIN_ROLE_VALUES.includes(target.role));
  if (adminRoleChange && caller.role !== Role.SuperAdmin) {
    throw new AppError('forbidden', 'Only a super admin grants or removes admin roles');
  }
}

/**
 * Notifications over an app (WhatsApp or Telegram) are activated only once the phone is verified
 * (spec: "email code, phone code, then notifications activated"): switching to one before is
 * refused `unverified-phone`, admins editing someone else included. `none` is always allowed, and
 * sending the method already stored changes nothing, so it passes.
 */
export function assertMayChooseNotifications(target: User, patch: UserPatch): void {
  const method = patch.notificationMethod;
  if (method === undefined || method === NotificationMethod.None) return;
  if (method === target.notificationMethod || target.verifiedPhone) return;
  throw new AppError('unverified-phone', 'Verify the phone before notifications over an app');
}

/**
 * PUT /user/{id} after the permission checks: the user's fields and, for a tutor, the bio and
 * about, in one transaction (both saved or neither). Anyone else's bio or about is refused with
 * `invalid-type` on those fields; the role counted is the one the update leaves. Notifications
 * over an app need a verified phone (assertMayChooseNotifications); a refusal saves nothing.
 */
export async function updateUser(
  { db }: Pick<ServiceContext, 'db'>,
  target: User,
  patch: UserPatch,
  tutorText: TutorTextPatch,
  /** More work of the same transaction (an e-mail change's code, its notice). */
  alsoInTransaction?: (tx: Database) => Promise<void>,
): Promise<User> {
  const sent = (['bio', 'about'] as const).filter((field) => tutorText[field] !== undefined);
  const role = patch.role ?? target.role;
  if (sent.length > 0 && role !== Role.Tutor) {
    throw new AppError('invalid-type', 'Only tutors have a bio and an about text', {
      fields: sent.map((path) => ({ path, code: 'invalid-type' as const })),
    });
  }
  assertMayChooseNotifications(target, patch);
  return db.transaction(async (tx) => {
    const user = await patchUser(tx, target.id, patch);
    if (sent.length > 0) await upsertTutorText(tx, target.id, tutorText);
    await alsoInTransaction?.(tx);
    return user;
  });
}

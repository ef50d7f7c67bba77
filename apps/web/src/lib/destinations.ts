/**
 * Where a person goes after signing in, and where a signed-out person is sent: pure functions of
 * the user, so the guards, the login page and the tests agree.
 */
import { Role, isTutorName } from '@talaqa/domain';
import type { User } from '@talaqa/domain';
import { paths } from '../paths';

/** The student "main info" the complete-profile stepper asks for first. */
export const isStudentProfileComplete = (user: User): boolean =>
  user.level !== null && user.city !== null && user.birthYear !== null;

/**
 * What a tutor profile needs that the user record can tell: an Arabic name, a picture and the
 * verified e-mail and phone (spec section 5). Bio and about are not part of the user record.
 */
export const isTutorProfileComplete = (user: User): boolean =>
  isTutorName(user.name) && user.image !== null && user.verifiedEmail && user.verifiedPhone;

/** The role's home: the dashboard, or the profile step still missing. */
export function homePathFor(user: User): string {
  switch (user.role) {
    case Role.Student:
      return isStudentProfileComplete(user) ? paths.studentDashboard : paths.completeProfile;
    case Role.Tutor:
      return isTutorProfileComplete(user) ? paths.tutorDashboard : paths.tutorCompleteProfile;
    case Role.TutorManager:
      return paths.interviews;
    default:
      return paths.profile;
  }
}

/**
 * The "dashboard" link of the account menu: the role's dashboard itself. Unlike homePathFor it
 * does not send a tutor whose profile lacks something (often only a verified phone) to the
 * profile step again on every click: a link named "dashboard" opens the dashboard. Sign-in and
 * `/` still lead through the missing step.
 */
export function dashboardPathFor(user: Pick<User, 'role'>): string {
  switch (user.role) {
    case Role.Student:
      return paths.studentDashboard;
    case Role.Tutor:
      return paths.tutorDashboard;
    case Role.TutorManager:
      return paths.interviews;
    default:
      return paths.profile;
  }
}

/** The settings page of the role (tutors have two; the account one holds the password). */
export function settingsPathFor(user: Pick<User, 'role'>): string {
  return user.role === Role.Tutor ? paths.tutorAccountSettings : paths.studentSettings;
}

/** Only a path of this app: `/x`, never `//host` or `https://…` (no open redirect). */
export function safeNext(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) {
    return null;
  }
  const pathname = next.split(/[?#]/)[0];
  if (pathname === paths.login || pathname?.startsWith('/register/')) return null;
  return next;
}

/** `path?next=<next>` when `next` is a safe path of this app, else `path`. */
export function withNext(path: string, next: string | null | undefined): string {
  const safe = safeNext(next);
  return safe ? `${path}?${new URLSearchParams({ next: safe }).toString()}` : path;
}

/**
 * After sign-in or sign-up: back to the page that asked for it (a checkout chosen before signing
 * up), else the role's home. A student whose main info is missing fills it in first, and the
 * stepper then carries `next` on, so the plan and period chosen are not lost on the way.
 */
export function destinationAfterSignIn(user: User, next?: string | null): string {
  const safe = safeNext(next);
  if (!safe) return homePathFor(user);
  const pathname = safe.split(/[?#]/)[0];
  if (
    user.role === Role.Student &&
    !isStudentProfileComplete(user) &&
    pathname !== paths.completeProfile
  ) {
    return withNext(paths.completeProfile, safe);
  }
  return safe;
}

/** `/login?next=<the page>` for a signed-out person on a private page. */
export const loginPathWithNext = (next: string): string => withNext(paths.login, next);

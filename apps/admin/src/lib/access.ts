/**
 * Who may use which part of the dashboard (record 331): admins every page; a studio (Role.Studio)
 * the photo sessions only, the one work the spec gives it ("Studio: lists its tutors", uploads
 * photo-session media); every other account is signed out.
 */
import { matchPath } from 'react-router';
import { Role, isAdminRole } from '@talaqa/domain';
import { paths } from '../paths';

/** The pages a studio may open. */
export const STUDIO_PATHS = [paths.photoSessions, paths.photoSession] as const;

export const mayUseDashboard = (role: Role): boolean => isAdminRole(role) || role === Role.Studio;

/** May `role` open the page at `pathname`? */
export function mayOpen(role: Role, pathname: string): boolean {
  if (isAdminRole(role)) return true;
  if (role !== Role.Studio) return false;
  return STUDIO_PATHS.some((pattern) => matchPath(pattern, pathname) !== null);
}

/** Where an account lands when the page it asked for is not one of its own. */
export const homePathFor = (role: Role): string =>
  role === Role.Studio ? paths.photoSessions : paths.users;

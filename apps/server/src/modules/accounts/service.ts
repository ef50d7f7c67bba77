import type { Role, User, UserListFilters, UserPage } from '@talaqa/domain';
import { AppError } from '../../errors';
import type { Database } from '../../db';
import { isUniqueViolation } from '../../db/errors';
import { hashPassword } from '../../security/passwords';
import { insertUser, listUserRows, loadUser, toUsers, updateUserRow } from './repo';
import type { UserPatch } from './repo';

/**
 * Accounts: the people who exist here (the `users` table) and their API shape. Signing in,
 * profiles and codes are other modules, built on these.
 */

export async function createUser(
  db: Database,
  input: {
    name: string;
    email: string;
    password: string | null;
    role: Role;
    googleSubject?: string;
    emailVerified?: boolean;
  },
): Promise<User> {
  try {
    const row = await insertUser(db, {
      name: input.name,
      email: input.email,
      passwordHash: input.password === null ? null : await hashPassword(input.password),
      role: input.role,
      googleSubject: input.googleSubject ?? null,
      emailVerified: input.emailVerified ?? false,
    });
    const [user] = await toUsers(db, [row]);
    if (!user) throw new Error('created user vanished');
    return user;
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_lower_key')) throw new AppError('user-exists');
    throw error;
  }
}

export async function requireUser(db: Database, id: number): Promise<User> {
  const user = await loadUser(db, id);
  if (!user) throw new AppError('user-not-found');
  return user;
}

export async function patchUser(db: Database, id: number, patch: UserPatch): Promise<User> {
  try {
    const row = await updateUserRow(db, id, patch);
    if (!row) throw new AppError('user-not-found');
    const [user] = await toUsers(db, [row]);
    if (!user) throw new AppError('user-not-found');
    return user;
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_lower_key')) throw new AppError('user-exists');
    if (isUniqueViolation(error, 'users_phone_key')) throw new AppError('incorrect-phone');
    throw error;
  }
}

export async function listUsers(db: Database, query: UserListFilters): Promise<UserPage> {
  const { rows, total } = await listUserRows(db, query);
  return { list: await toUsers(db, rows), total };
}

import { and, asc, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type {
  Gender,
  Governorate,
  EnglishLevel,
  NotificationMethod,
  Role,
  User,
} from '@talaqa/domain';
import type { UserListFilters } from '@talaqa/domain';
import type { Database } from '../../db';
import { users, userTopics } from '../../db/schema';
import type { NewUserRow, UserRow } from '../../db/schema';

export type UserPatch = Partial<
  Pick<
    NewUserRow,
    | 'name'
    | 'email'
    | 'birthYear'
    | 'gender'
    | 'city'
    | 'job'
    | 'aim'
    | 'level'
    | 'role'
    | 'notificationMethod'
    | 'image'
    | 'passwordHash'
    | 'phone'
    | 'phoneVerified'
    | 'emailVerified'
    | 'googleSubject'
    | 'pendingEmail'
  >
>;

/** The row as the API shows it: never the password hash, always `hasPassword`. */
export function toUser(row: UserRow, topics: number[]): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    hasPassword: row.passwordHash !== null,
    creditScore: row.creditScore,
    notificationMethod: row.notificationMethod as NotificationMethod,
    birthYear: row.birthYear,
    gender: row.gender as Gender | null,
    image: row.image,
    verifiedEmail: row.emailVerified,
    pendingEmail: row.pendingEmail,
    verifiedPhone: row.phoneVerified,
    phone: row.phone,
    role: row.role as Role,
    city: row.city as Governorate | null,
    job: row.job,
    level: row.level as EnglishLevel | null,
    aim: row.aim,
    topics,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findUserRow(db: Database, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserRowByEmail(
  db: Database,
  email: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

async function topicIdsOf(db: Database, userIds: number[]): Promise<Map<number, number[]>> {
  const byUser = new Map<number, number[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: userTopics.userId, topicId: userTopics.topicId })
    .from(userTopics)
    .where(sql`${userTopics.userId} in ${userIds}`)
    .orderBy(asc(userTopics.topicId));
  for (const row of rows) byUser.get(row.userId)?.push(row.topicId);
  return byUser;
}

/** Rows to API users, with their favourite topics in one query (not one per user). */
export async function toUsers(db: Database, rows: UserRow[]): Promise<User[]> {
  const topics = await topicIdsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toUser(row, topics.get(row.id) ?? []));
}

export async function loadUser(db: Database, id: number): Promise<User | undefined> {
  const row = await findUserRow(db, id);
  if (!row) return undefined;
  const [user] = await toUsers(db, [row]);
  return user;
}

export async function insertUser(db: Database, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateUserRow(
  db: Database,
  id: number,
  patch: UserPatch,
): Promise<UserRow | undefined> {
  if (Object.keys(patch).length === 0) return findUserRow(db, id);
  const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
  return row;
}

/**
 * The user's Fawry customer profile id: the one stored, else `candidate`, stored now. Only a row
 * still without one is written, so of two first uses at once the second's update finds the first's
 * value (PostgreSQL re-checks the condition on the committed row) and both answer that one.
 * Undefined when there is no such user.
 */
export async function claimFawryCustomerProfileId(
  db: Database,
  id: number,
  candidate: string,
): Promise<string | undefined> {
  const [claimed] = await db
    .update(users)
    // Not a change the user made: updated_at stays.
    .set({ fawryCustomerProfileId: candidate, updatedAt: sql`${users.updatedAt}` })
    .where(and(eq(users.id, id), isNull(users.fawryCustomerProfileId)))
    .returning({ profileId: users.fawryCustomerProfileId });
  if (claimed?.profileId) return claimed.profileId;
  const [row] = await db
    .select({ profileId: users.fawryCustomerProfileId })
    .from(users)
    .where(eq(users.id, id));
  return row?.profileId ?? undefined;
}

/** Escapes LIKE wildcards: the search box is plain text, never a pattern. */
const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listUserRows(
  db: Database,
  query: UserListFilters,
): Promise<{ rows: UserRow[]; total: number }> {
  const filters: SQL[] = [];
  if (query.role !== undefined) filters.push(eq(users.role, query.role));
  if (query.verifiedEmail) filters.push(eq(users.emailVerified, query.verifiedEmail === 'true'));
  if (query.search) {
    const pattern = `%${likeLiteral(query.search)}%`;
    const match = or(
      ilike(users.name, pattern),
      ilike(users.email, pattern),
      ilike(users.phone, pattern),
    );
    if (match) filters.push(match);
  }
  const where = filters.length > 0 ? and(...filters) : undefined;
  const column = query.sort === 'name' ? users.name : users.createdAt;
  const direction = query.order === 'asc' ? asc : desc;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(direction(column), direction(users.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

import { count, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { ContactRequestAdminView, Role } from '@talaqa/domain';
import type { Database } from '../../db';
import { contactRequests, users } from '../../db/schema';
import type { ContactRequestRow } from '../../db/schema';

export interface ContactRequestValues {
  userId: number | null;
  email: string | null;
  title: string;
  message: string;
  createdAt: Date;
}

export async function insertContactRequestRow(
  db: Database,
  values: ContactRequestValues,
): Promise<ContactRequestRow> {
  const [row] = await db
    .insert(contactRequests)
    .values({ ...values, updatedAt: values.createdAt })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The columns of the admins' view: the request and its sender's account, when there is one. */
const adminColumns = {
  request: contactRequests,
  senderName: users.name,
  senderEmail: users.email,
  senderRole: users.role,
};

type AdminRow = {
  request: ContactRequestRow;
  senderName: string | null;
  senderEmail: string | null;
  senderRole: number | null;
};

export const toAdminView = ({
  request,
  senderName,
  senderEmail,
  senderRole,
}: AdminRow): ContactRequestAdminView => ({
  id: request.id,
  title: request.title,
  message: request.message,
  createdAt: request.createdAt.toISOString(),
  email: request.email ?? senderEmail,
  user:
    request.userId !== null && senderName !== null && senderRole !== null
      ? { id: request.userId, name: senderName, role: senderRole as Role }
      : null,
  handled: request.handledAt !== null,
  handledAt: request.handledAt?.toISOString() ?? null,
});

/** Newest first; with `handled`, only the handled (true) or the open (false) ones. */
export async function listContactRequestRows(
  db: Database,
  query: { page: number; size: number; handled?: boolean },
): Promise<{ rows: AdminRow[]; total: number }> {
  const where =
    query.handled === undefined
      ? undefined
      : query.handled
        ? isNotNull(contactRequests.handledAt)
        : isNull(contactRequests.handledAt);
  const [rows, totals] = await Promise.all([
    db
      .select(adminColumns)
      .from(contactRequests)
      .leftJoin(users, eq(users.id, contactRequests.userId))
      .where(where)
      .orderBy(desc(contactRequests.createdAt), desc(contactRequests.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(contactRequests).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/**
 * Marks the request handled at `at` by `adminId` (keeping the first time when it already was),
 * or open again; undefined when there is no such request.
 */
export async function setContactRequestHandled(
  db: Database,
  id: number,
  handled: { at: Date; by: number } | null,
): Promise<AdminRow | undefined> {
  const [current] = await db
    .select({ handledAt: contactRequests.handledAt })
    .from(contactRequests)
    .where(eq(contactRequests.id, id));
  if (!current) return undefined;
  if ((current.handledAt !== null) !== (handled !== null)) {
    await db
      .update(contactRequests)
      .set({ handledAt: handled?.at ?? null, handledBy: handled?.by ?? null })
      .where(eq(contactRequests.id, id));
  }
  const [row] = await db
    .select(adminColumns)
    .from(contactRequests)
    .leftJoin(users, eq(users.id, contactRequests.userId))
    .where(eq(contactRequests.id, id));
  return row;
}

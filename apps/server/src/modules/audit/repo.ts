import { and, count, desc, eq, gte, lt } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AuditEntry, AuditFilters } from '@talaqa/domain';
import type { Database } from '../../db';
import { auditLog, users } from '../../db/schema';
import type { AdminAction } from './service';

export async function insertAuditRow(db: Database, action: AdminAction, at: Date): Promise<void> {
  await db.insert(auditLog).values({
    actorId: action.actorId,
    action: action.action,
    targetId: action.targetId ?? null,
    details: action.details ?? {},
    createdAt: at,
  });
}

export async function listAuditRows(
  db: Database,
  filters: AuditFilters,
): Promise<{ list: AuditEntry[]; total: number }> {
  const conditions: SQL[] = [];
  if (filters.action) conditions.push(eq(auditLog.action, filters.action));
  if (filters.actorId !== undefined) conditions.push(eq(auditLog.actorId, filters.actorId));
  if (filters.targetId !== undefined) conditions.push(eq(auditLog.targetId, filters.targetId));
  if (filters.from) conditions.push(gte(auditLog.createdAt, filters.from));
  if (filters.to) conditions.push(lt(auditLog.createdAt, filters.to));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select({ entry: auditLog, actorName: users.name })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(filters.size)
    .offset((filters.page - 1) * filters.size);
  const [total] = await db.select({ total: count() }).from(auditLog).where(where);
  return {
    list: rows.map(({ entry, actorName }) => ({
      id: entry.id,
      actorId: entry.actorId,
      actorName,
      action: entry.action,
      targetId: entry.targetId,
      details: entry.details,
      createdAt: entry.createdAt.toISOString(),
    })),
    total: total?.total ?? 0,
  };
}

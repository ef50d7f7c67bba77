import type { AuditAction, AuditFilters, AuditPage } from '@talaqa/domain';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db';
import type { Identity } from '../../http/access';
import { insertAuditRow, listAuditRows } from './repo';

/**
 * The audit log (issue 23 item 11; docs/decisions/340-audit-log.md). An admin action and its row
 * are written in one transaction: the row exists exactly when the action took effect. The table
 * refuses UPDATE and DELETE (a trigger), and no endpoint writes it.
 */

export interface AdminAction {
  actorId: number;
  action: AuditAction;
  /** The user, plan, coupon, transaction or invoice acted on; null for the platform itself. */
  targetId?: number | null;
  /** What changed: old and new values, or what was sent. Plain JSON. */
  details?: Record<string, unknown>;
}

/** Writes one row, inside the caller's transaction (`tx`), at the instant the action read. */
export const recordAdminAction = (tx: Database, action: AdminAction, at: Date): Promise<void> =>
  insertAuditRow(tx, action, at);

/** What the audit row says of an action once it has run: its target and its details. */
export interface AuditDescription {
  targetId: number | null;
  details?: Record<string, unknown>;
}

/**
 * Runs an admin's action and writes its audit row in one transaction, the one place the routes
 * of plans, invites, coupons and the cache go through. `work` gets the transaction as its
 * database (a service's own transaction inside becomes a savepoint); `describe` turns what it
 * answered into the row. A failed action rolls back and writes nothing.
 */
export async function audited<T>(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  caller: Identity,
  action: AuditAction,
  work: (tx: Database) => Promise<T>,
  describe: (result: T) => AuditDescription,
): Promise<T> {
  const at = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const result = await work(tx);
    await recordAdminAction(tx, { actorId: caller.userId, action, ...describe(result) }, at);
    return result;
  });
}

/** GET /audit-log. */
export const listAuditLog = ({ db }: Pick<ServiceContext, 'db'>, filters: AuditFilters) =>
  listAuditRows(db, filters) satisfies Promise<AuditPage>;

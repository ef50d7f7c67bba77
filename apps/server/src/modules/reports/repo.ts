import { count, desc, eq } from 'drizzle-orm';
import type { ReportStatus, ReportView, Role } from '@talaqa/domain';
import type { Database } from '../../db';
import { reports, users } from '../../db/schema';
import type { ReportRow } from '../../db/schema';

export interface ReportValues {
  userId: number;
  description: string;
  url: string;
  userAgent: string;
  screenshot: string | null;
  screenshotBytes: number;
  log: string | null;
  logName: string | null;
  logBytes: number;
  createdAt: Date;
}

export async function insertReportRow(db: Database, values: ReportValues): Promise<number> {
  const [row] = await db
    .insert(reports)
    .values({ ...values, updatedAt: values.createdAt })
    .returning({ id: reports.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** The columns of a report's view: the report and its sender's account, when it still exists. */
const viewColumns = {
  report: reports,
  senderName: users.name,
  senderRole: users.role,
};

interface ViewRow {
  report: ReportRow;
  senderName: string | null;
  senderRole: number | null;
}

export const toReportView = ({ report, senderName, senderRole }: ViewRow): ReportView => ({
  id: report.id,
  user:
    report.userId !== null && senderName !== null && senderRole !== null
      ? { id: report.userId, name: senderName, role: senderRole as Role }
      : null,
  description: report.description,
  url: report.url,
  userAgent: report.userAgent,
  screenshot: report.screenshot,
  screenshotBytes: report.screenshotBytes,
  log: report.log,
  logName: report.logName,
  logBytes: report.logBytes,
  status: report.status,
  resolvedBy: report.resolvedBy,
  resolvedAt: report.resolvedAt?.toISOString() ?? null,
  note: report.note,
  createdAt: report.createdAt.toISOString(),
  updatedAt: report.updatedAt.toISOString(),
});

export async function findReportView(db: Database, id: number): Promise<ReportView | undefined> {
  const [row] = await db
    .select(viewColumns)
    .from(reports)
    .leftJoin(users, eq(users.id, reports.userId))
    .where(eq(reports.id, id));
  return row && toReportView(row);
}

/** Newest first; with `status`, only the open or the resolved ones. */
export async function listReportRows(
  db: Database,
  query: { page: number; size: number; status?: ReportStatus | undefined },
): Promise<{ list: ReportView[]; total: number }> {
  const where = query.status === undefined ? undefined : eq(reports.status, query.status);
  const [rows, totals] = await Promise.all([
    db
      .select(viewColumns)
      .from(reports)
      .leftJoin(users, eq(users.id, reports.userId))
      .where(where)
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(reports).where(where),
  ]);
  return { list: rows.map(toReportView), total: totals[0]?.total ?? 0 };
}

/**
 * Sets a report's status (resolved at `at` by `adminId`, or open again) and its note when one is
 * given; answers the status it had, or undefined when there is no such report. Locks the row so
 * two admins acting at once are ordered.
 */
export async function setReportStatus(
  db: Database,
  id: number,
  change: { status: ReportStatus; note: string | undefined; at: Date; adminId: number },
): Promise<{ previous: ReportStatus } | undefined> {
  const [current] = await db
    .select({ status: reports.status })
    .from(reports)
    .where(eq(reports.id, id))
    .for('update');
  if (!current) return undefined;
  const resolved = change.status === 'resolved';
  const statusChanges = current.status !== change.status;
  await db
    .update(reports)
    .set({
      status: change.status,
      ...(statusChanges
        ? { resolvedAt: resolved ? change.at : null, resolvedBy: resolved ? change.adminId : null }
        : {}),
      ...(change.note === undefined ? {} : { note: change.note === '' ? null : change.note }),
      updatedAt: change.at,
    })
    .where(eq(reports.id, id));
  return { previous: current.status };
}

/** Every stored file of every report, with its sender. */
export async function reportFileRows(db: Database) {
  return db
    .select({
      userId: reports.userId,
      screenshot: reports.screenshot,
      log: reports.log,
    })
    .from(reports);
}

/** Who may read a stored file: the report it belongs to, if any. */
export async function reportOfFile(db: Database, name: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(eq(reports.screenshot, name))
    .union(db.select({ id: reports.id }).from(reports).where(eq(reports.log, name)));
  return row?.id;
}

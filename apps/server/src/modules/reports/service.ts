import { reportFieldsSchema } from '@talaqa/domain';
import type { ReportPage, ReportStatus, ReportView } from '@talaqa/domain';
import type { ServiceContext } from '../../context';
import { AppError } from '../../errors';
import type { Identity } from '../../http/access';
import type { AssetStorage } from '../assets';
import { recordAdminAction } from '../audit';
import {
  findReportView,
  insertReportRow,
  listReportRows,
  reportFileRows,
  reportOfFile,
  setReportStatus,
} from './repo';
import type { ReportFormParts } from './upload';

/**
 * Problem reports (issue 23 item 6; docs/decisions/348-problem-reports.md). A report's files are
 * stored first (folder `reports`), then its row; a row that could not be written takes its files
 * away with it, so no file is left that no report names.
 */

type Ctx = Pick<ServiceContext, 'db' | 'clock' | 'log'>;

/** One stored file of a report, for the admins' /media page (its owner and what it is for). */
export interface ReportFileUse {
  folder: 'reports';
  name: string;
  ownerId: number | null;
  use: 'report-screenshot' | 'report-log';
}

async function removeFiles(ctx: Ctx, assets: AssetStorage, names: string[]): Promise<void> {
  for (const name of names) {
    await assets.remove('reports', name).catch((error: unknown) => {
      ctx.log.warn({ err: error, name }, 'could not delete a report file');
    });
  }
}

/** POST /report/with/asset: checks the text parts, stores the files, then writes the report. */
export async function createReport(
  ctx: Ctx,
  assets: AssetStorage,
  sender: Identity,
  form: ReportFormParts,
): Promise<ReportView> {
  // A bad description refuses the whole report before anything is stored.
  const fields = reportFieldsSchema.parse(form.fields);
  const stored: string[] = [];
  try {
    const screenshot = form.screenshot
      ? await assets.save('reports', form.screenshot.bytes, form.screenshot.type)
      : null;
    if (screenshot) stored.push(screenshot);
    const log = form.log ? await assets.save('reports', form.log.bytes, 'txt') : null;
    if (log) stored.push(log);
    const id = await ctx.db.transaction(async (tx) =>
      insertReportRow(tx, {
        userId: sender.userId,
        description: fields.description,
        url: fields.url,
        userAgent: fields.userAgent,
        screenshot,
        screenshotBytes: form.screenshot?.bytes.length ?? 0,
        log,
        logName: form.log?.name ?? null,
        logBytes: form.log?.bytes.length ?? 0,
        createdAt: ctx.clock.now(),
      }),
    );
    stored.length = 0;
    const view = await findReportView(ctx.db, id);
    if (!view) throw new AppError('report-not-found');
    return view;
  } catch (error) {
    await removeFiles(ctx, assets, stored);
    throw error;
  }
}

/** GET /report/list. */
export async function listReports(
  { db }: Pick<ServiceContext, 'db'>,
  query: { page: number; size: number; status?: ReportStatus | undefined },
): Promise<ReportPage> {
  return listReportRows(db, query);
}

/**
 * PUT /report: resolves or reopens a report (the note replaced when one is given) and writes the
 * audit row in the same transaction. A report already in the asked status keeps its resolution
 * time; the note still changes.
 */
export async function updateReport(
  { db, clock }: Pick<ServiceContext, 'db' | 'clock'>,
  admin: Identity,
  body: { id: number; status: ReportStatus; note?: string | undefined },
): Promise<ReportView> {
  const at = clock.now();
  await db.transaction(async (tx) => {
    const changed = await setReportStatus(tx, body.id, {
      status: body.status,
      note: body.note,
      at,
      adminId: admin.userId,
    });
    if (!changed) throw new AppError('report-not-found');
    await recordAdminAction(
      tx,
      {
        actorId: admin.userId,
        action: body.status === 'resolved' ? 'report.resolve' : 'report.reopen',
        targetId: body.id,
        details: {
          from: changed.previous,
          to: body.status,
          ...(body.note === undefined ? {} : { note: body.note }),
        },
      },
      at,
    );
  });
  const view = await findReportView(db, body.id);
  if (!view) throw new AppError('report-not-found');
  return view;
}

/** True when `name` is a file of some report (admins read only those). */
export async function isReportFile(
  { db }: Pick<ServiceContext, 'db'>,
  name: string,
): Promise<boolean> {
  return (await reportOfFile(db, name)) !== undefined;
}

/** Every stored file of every report, for the registry of file uses (the /media page). */
export async function reportFileUses(db: ServiceContext['db']): Promise<ReportFileUse[]> {
  const rows = await reportFileRows(db);
  return rows.flatMap((row) => [
    ...(row.screenshot
      ? [
          {
            folder: 'reports' as const,
            name: row.screenshot,
            ownerId: row.userId,
            use: 'report-screenshot' as const,
          },
        ]
      : []),
    ...(row.log
      ? [
          {
            folder: 'reports' as const,
            name: row.log,
            ownerId: row.userId,
            use: 'report-log' as const,
          },
        ]
      : []),
  ]);
}

import { readCampaign } from '@talaqa/domain';
import type {
  CampaignSource,
  ShortLink,
  ShortLinkReport,
  ShortLinkSite,
  ShortLinkTarget,
} from '@talaqa/domain';
import type { ServiceContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../errors';
import {
  countClick,
  deleteShortLinkRow,
  findShortLinkRowByName,
  insertShortLinkRow,
  insertUserCampaign,
  linkReportRows,
  sourceReportRows,
  toShortLink,
  updateShortLinkRow,
} from './repo';

type Ctx = Pick<ServiceContext, 'db' | 'clock'>;

const HOUR_MS = 60 * 60_000;

function nameTaken(error: unknown): never {
  if (isUniqueViolation(error, 'short_links_name_key')) {
    throw new AppError('short-link-exists', 'Another short link has this name');
  }
  throw error;
}

/** POST /short-link (the caller's transaction, which also writes the audit row). */
export async function createShortLink(
  { db, clock }: Ctx,
  adminId: number,
  body: {
    name: string;
    source: CampaignSource;
    label?: string | null | undefined;
    site: ShortLinkSite;
    path: string;
    active?: boolean | undefined;
  },
): Promise<ShortLink> {
  const now = clock.now();
  const row = await insertShortLinkRow(db, {
    name: body.name,
    source: body.source,
    label: body.label ?? null,
    site: body.site,
    path: body.path,
    active: body.active ?? true,
    createdBy: adminId,
    createdAt: now,
    updatedAt: now,
  }).catch(nameTaken);
  return toShortLink(row);
}

/** PATCH /short-link/{id}: the target, the label, whether it works; name and source stay. */
export async function updateShortLink(
  { db, clock }: Ctx,
  id: number,
  body: {
    label?: string | null | undefined;
    site?: ShortLinkSite | undefined;
    path?: string | undefined;
    active?: boolean | undefined;
  },
): Promise<ShortLink> {
  const row = await updateShortLinkRow(db, id, {
    ...(body.label !== undefined ? { label: body.label } : {}),
    ...(body.site !== undefined ? { site: body.site } : {}),
    ...(body.path !== undefined ? { path: body.path } : {}),
    ...(body.active !== undefined ? { active: body.active } : {}),
    updatedAt: clock.now(),
  });
  if (!row) throw new AppError('short-link-not-found');
  return toShortLink(row);
}

/** DELETE /short-link/{id}: its clicks go with it; sign-ups keep their source code. */
export async function deleteShortLink({ db }: Pick<Ctx, 'db'>, id: number): Promise<ShortLink> {
  const row = await deleteShortLinkRow(db, id);
  if (!row) throw new AppError('short-link-not-found');
  return toShortLink(row);
}

/**
 * POST /short-link/open/{name}: where an active link sends its visitor. The click is counted
 * when `mayCount` says this visitor's click counts (the route allows one per address per link
 * per window, so reloading or a script from one address cannot inflate the figure).
 */
export async function openShortLink(
  { db, clock }: Ctx,
  name: string,
  mayCount: (linkId: number) => Promise<boolean>,
): Promise<ShortLinkTarget> {
  const row = await findShortLinkRowByName(db, name);
  if (!row?.active) throw new AppError('short-link-not-found');
  if (await mayCount(row.id)) {
    const now = clock.now().getTime();
    await countClick(db, row.id, new Date(now - (now % HOUR_MS)));
  }
  return { name: row.name, source: row.source, site: row.site, path: row.path };
}

/** GET /short-link/report: both tables over the window. */
export async function shortLinkReport(
  { db }: Pick<Ctx, 'db'>,
  window: { from?: Date | undefined; to?: Date | undefined },
): Promise<ShortLinkReport> {
  const [links, sources] = await Promise.all([
    linkReportRows(db, window),
    sourceReportRows(db, window),
  ]);
  return { links, sources };
}

/**
 * Remembers the campaign a new account came with (the optional `campaign` of every sign-up).
 * Never fails the sign-up: a malformed or unknown campaign is ignored, and a database error is
 * logged and swallowed (the account exists either way). Runs after the account's own write,
 * in one statement of its own.
 */
export async function recordSignUpCampaign(
  { db, clock, log }: Pick<ServiceContext, 'db' | 'clock' | 'log'>,
  userId: number,
  value: unknown,
): Promise<void> {
  const campaign = readCampaign(value);
  if (!campaign) return;
  try {
    await insertUserCampaign(
      db,
      userId,
      { name: campaign.name, source: campaign.source },
      clock.now(),
    );
  } catch (error) {
    log.warn({ err: error, userId }, 'the sign-up campaign could not be recorded');
  }
}

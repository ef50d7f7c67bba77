import { Role } from '@talaqa/domain';
import type {
  createPlanBodySchema,
  Plan,
  PlanDeletedAnswer,
  PlanInviteView,
  PlanPage,
  updatePlanBodySchema,
} from '@talaqa/domain';
import type { z } from 'zod';
import { AppError } from '../../errors';
import type { Database } from '../../db';
import type { ServiceContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import type { PlanRow } from '../../db/schema';
import type { Identity } from '../../http/access';
import { isAdmin } from '../../http/access';
import { findUserRow } from '../accounts';
import {
  deleteInviteRow,
  deletePlanRow,
  findInviteView,
  findPlanRow,
  findVisiblePlanRow,
  insertInviteRow,
  insertPlanRow,
  isUserInvitedToPlan,
  listInviteViews,
  listPlanRows,
  lockPlanRow,
  planIsReferenced,
  toPlan,
  updateInvitePlan,
  updatePlanRow,
} from './repo';
import type { PlanViewer } from './repo';

type CreatePlanInput = z.output<typeof createPlanBodySchema>;
type UpdatePlanInput = z.output<typeof updatePlanBodySchema>;

/** The catalogue reads no clock: its services take the database only. */
type Db = Pick<ServiceContext, 'db'>;

/** What a caller sees of the catalogue: `includeInactive` counts for admins only. */
export const viewerOf = (caller: Identity | null, includeInactive = false): PlanViewer =>
  isAdmin(caller)
    ? { kind: 'admin', includeInactive }
    : { kind: 'public', userId: caller?.userId ?? null };

export async function listPlans(
  { db }: Db,
  viewer: PlanViewer,
  paging: { page: number; size: number },
): Promise<PlanPage> {
  const { rows, total } = await listPlanRows(db, viewer, paging);
  return { list: rows.map(toPlan), total };
}

/**
 * One plan as its viewer may see it. An admin sees any plan, inactive ones too (an admin page
 * opened from an old link should still show it); everyone else `plan-not-found` for a plan they
 * may not see, so an invites-only plan's existence is not revealed.
 */
export async function getPlan({ db }: Db, id: number, viewer: PlanViewer): Promise<Plan> {
  const row = await findVisiblePlanRow(
    db,
    id,
    viewer.kind === 'admin' ? { kind: 'admin', includeInactive: true } : viewer,
  );
  if (!row) throw new AppError('plan-not-found');
  return toPlan(row);
}

export async function createPlan({ db }: Db, body: CreatePlanInput): Promise<Plan> {
  return toPlan(await insertPlanRow(db, body));
}

export async function updatePlan({ db }: Db, id: number, body: UpdatePlanInput): Promise<Plan> {
  const patch = Object.fromEntries(
    Object.entries(body).filter(([, value]) => value !== undefined),
  ) as Partial<PlanRow>;
  const row = await updatePlanRow(db, id, patch);
  if (!row) throw new AppError('plan-not-found');
  return toPlan(row);
}

/**
 * Deletes a plan nobody bought; one a transaction or a subscription refers to is deactivated
 * instead. The plan's row is locked first, so a purchase being written at the same moment either
 * finishes before the check (and is seen) or waits and then fails on the missing plan.
 */
export async function deletePlan({ db }: Db, id: number): Promise<PlanDeletedAnswer> {
  return db.transaction(async (tx) => {
    const row = await lockPlanRow(tx, id);
    if (!row) throw new AppError('plan-not-found');
    if (await planIsReferenced(tx, id)) {
      if (row.active) await updatePlanRow(tx, id, { active: false });
      return { id, deactivated: true };
    }
    await deletePlanRow(tx, id);
    return { id, deactivated: false };
  });
}

/**
 * The plan a student may buy: active, and open to everyone or invited to. Anything else answers
 * `plan-not-found`, as the catalogue does for a plan the student cannot see. Used by payments.
 */
export async function findPlanForPurchase(
  db: Database,
  planId: number,
  userId: number,
): Promise<PlanRow> {
  const row = await findPlanRow(db, planId);
  if (!row || !row.active) throw new AppError('plan-not-found');
  if (row.forInvitesOnly && !(await isUserInvitedToPlan(db, userId, planId))) {
    throw new AppError('plan-not-found');
  }
  return row;
}

// ---------------------------------------------------------------------------------------------
// Plan invites

export async function listPlanInvites(
  { db }: Db,
  query: Parameters<typeof listInviteViews>[1],
): Promise<{ list: PlanInviteView[]; total: number }> {
  return listInviteViews(db, query);
}

async function requireInviteView(db: Database, id: number): Promise<PlanInviteView> {
  const view = await findInviteView(db, id);
  if (!view) throw new AppError('invite-not-found');
  return view;
}

async function requirePlanRow(db: Database, id: number): Promise<PlanRow> {
  const row = await findPlanRow(db, id);
  if (!row) throw new AppError('plan-not-found');
  return row;
}

/** A student has one invite per plan. */
function inviteExists(error: unknown): never {
  if (isUniqueViolation(error, 'plan_invites_user_plan_key')) {
    throw new AppError('plan-invite-exists');
  }
  throw error;
}

/** Invites a student to a plan (`user-not-found`, `student-not-found` for another role). */
export async function createPlanInvite(
  { db }: Db,
  admin: Identity,
  body: { userId: number; planId: number },
): Promise<PlanInviteView> {
  const user = await findUserRow(db, body.userId);
  if (!user) throw new AppError('user-not-found');
  if (user.role !== Role.Student) {
    throw new AppError('student-not-found', 'Only students are invited to plans');
  }
  await requirePlanRow(db, body.planId);
  const row = await insertInviteRow(db, { ...body, createdBy: admin.userId }).catch(inviteExists);
  return requireInviteView(db, row.id);
}

/** Points an invite at another plan. */
export async function movePlanInvite(
  { db }: Db,
  body: { id: number; planId: number },
): Promise<PlanInviteView> {
  await requirePlanRow(db, body.planId);
  const row = await updateInvitePlan(db, body.id, body.planId).catch(inviteExists);
  if (!row) throw new AppError('invite-not-found');
  return requireInviteView(db, row.id);
}

export async function deletePlanInvite({ db }: Db, id: number): Promise<void> {
  if (!(await deleteInviteRow(db, id))) throw new AppError('invite-not-found');
}

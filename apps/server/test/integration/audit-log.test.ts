import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLATFORM_SETTINGS, Role, WithdrawMethod } from '@talaqa/domain';
import type { AuditAction, AuditPage, Coupon, InvoiceView, Plan } from '@talaqa/domain';
import { auditLog } from '../../src/db/schema';
import { call } from './api';
import type { Caller } from './api';
import { fundTutor, PNG_BYTES, updateInvoice } from './earnings-fixtures';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import { insertUser } from './lessons-fixtures';
import { paidByFawryCard, plan } from './payments-fixtures';

/**
 * The audit log (issue 23 item 11; decision 340): each admin action the permission test walks
 * (role, e-mail, plan and price, coupon, refund, invoice, settings, cache), done for real, writes
 * its one row in its own transaction; a refused action writes none; nobody can change a row, and
 * only admins read them.
 */
let server: TestServer;
let boss: Caller;

beforeAll(async () => {
  server = await startTestServer({ jobsPollMs: 3_600_000 });
  boss = await insertUser(server, Role.SuperAdmin, { name: 'Audit Boss' });
  // Starting a server runs every migration: slow on a loaded machine.
}, 300_000);
afterAll(() => server.close());

const rowCount = async (): Promise<number> =>
  (await server.app.database.db.select().from(auditLog)).length;

/** Runs an admin action and answers the audit rows it wrote (newest last). */
async function rowsOf(action: () => Promise<{ status: number }>, status: number) {
  const before = await rowCount();
  const answer = await action();
  expect(answer.status).toBe(status);
  const page = await call<AuditPage>(server, 'GET', '/audit-log?size=50', boss);
  expect(page.status).toBe(200);
  return page.body.list.slice(0, page.body.total - before).reverse();
}

const expectRow = (
  rows: AuditPage['list'],
  action: AuditAction,
  targetId: number | null,
  details?: Record<string, unknown>,
) => {
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    actorId: boss.id,
    actorName: 'Audit Boss',
    action,
    targetId,
    ...(details ? { details } : {}),
  });
};

describe('the audit log', () => {
  it('records a role change and an e-mail change, each its own row', async () => {
    const user = await insertUser(server, Role.Student);
    const role = await rowsOf(
      () => call(server, 'PUT', `/user/${user.id}`, boss, { role: Role.Tutor }),
      200,
    );
    expectRow(role, 'user.role', user.id, { from: Role.Student, to: Role.Tutor });
    const email = await rowsOf(
      () =>
        call(server, 'PUT', `/user/${user.id}`, boss, { email: `moved-${user.id}@example.com` }),
      200,
    );
    expect(email.map((row) => row.action)).toEqual(['user.email']);
    expect(email[0]?.details).toMatchObject({ to: `moved-${user.id}@example.com` });
    // The owner's own change is not an admin action.
    expect(
      await rowsOf(() => call(server, 'PUT', `/user/${user.id}`, user, { job: 'مهندس' }), 200),
    ).toEqual([]);
  });

  it('records a plan made, its price changed (old and new) and its deletion', async () => {
    const body = {
      weeklyMinutes: 120,
      baseMonthPrice: 110_000,
      monthDiscount: 0,
      quarterDiscount: 10,
      yearDiscount: 20,
    };
    let id = 0;
    const made = await rowsOf(async () => {
      const answer = await call<Plan>(server, 'POST', '/plan', boss, body);
      id = answer.body.id;
      return answer;
    }, 201);
    expectRow(made, 'plan.create', id);
    const priced = await rowsOf(
      () => call(server, 'PATCH', `/plan/${id}`, boss, { baseMonthPrice: 120_000 }),
      200,
    );
    expectRow(priced, 'plan.update', id, {
      before: expect.objectContaining({ baseMonthPrice: 110_000 }),
      after: expect.objectContaining({ baseMonthPrice: 120_000 }),
    });
    expectRow(
      await rowsOf(() => call(server, 'DELETE', `/plan/${id}`, boss), 200),
      'plan.delete',
      id,
    );
  });

  it('records coupons made, changed and deleted, and nothing for a refused one', async () => {
    const expireDate = new Date(Date.now() + 30 * 86_400_000).toISOString();
    let id = 0;
    const made = await rowsOf(async () => {
      const answer = await call<Coupon>(server, 'POST', '/coupon', boss, {
        code: 'AUDIT-20',
        discount: 20,
        expireDate,
      });
      id = answer.body.id;
      return answer;
    }, 201);
    expectRow(made, 'coupon.create', id);
    // A duplicate code is refused: the transaction rolls back with its row.
    expect(
      await rowsOf(
        () => call(server, 'POST', '/coupon', boss, { code: 'audit-20', discount: 5, expireDate }),
        409,
      ),
    ).toEqual([]);
    const changed = await rowsOf(
      () =>
        call(server, 'PUT', `/coupon/${id}`, boss, { code: 'AUDIT-20', discount: 30, expireDate }),
      200,
    );
    expectRow(changed, 'coupon.update', id, {
      before: expect.objectContaining({ discount: 20 }),
      after: expect.objectContaining({ discount: 30 }),
    });
    expectRow(
      await rowsOf(() => call(server, 'DELETE', `/coupon/${id}`, boss), 204),
      'coupon.delete',
      id,
    );
  });

  it('records a refund asked for', async () => {
    const { id } = await paidByFawryCard(server, await plan(server));
    const refund = await rowsOf(
      () =>
        call(server, 'POST', '/fawry/refund', boss, {
          transactionId: id,
          amount: 5_000,
          reason: 'تعويض',
        }),
      200,
    );
    expectRow(refund, 'refund.request', id, { amount: 5_000, reason: 'تعويض' });
  });

  it('records the processing of a withdrawal request, not the tutor asking for it', async () => {
    const tutor = await insertUser(server, Role.Tutor);
    await fundTutor(server, tutor.id, 100_000);
    let invoiceId = 0;
    expect(
      await rowsOf(async () => {
        const made = await call<InvoiceView>(server, 'POST', '/invoice', tutor, {
          method: WithdrawMethod.Instapay,
          amount: 20_000,
          instapayAddress: 'audit.tutor@instapay',
        });
        invoiceId = made.body.id;
        return made;
      }, 201),
    ).toEqual([]);
    const paid = await rowsOf(
      () => updateInvoice(server, boss, invoiceId, { action: 'fulfil' }, PNG_BYTES),
      200,
    );
    expectRow(paid, 'invoice.process', invoiceId, { action: 'fulfil' });
  });

  it('records the deletion of a rejected withdrawal request', async () => {
    const tutor = await insertUser(server, Role.Tutor);
    await fundTutor(server, tutor.id, 100_000);
    const made = await call<InvoiceView>(server, 'POST', '/invoice', tutor, {
      method: WithdrawMethod.Instapay,
      amount: 20_000,
      instapayAddress: 'audit.deleted@instapay',
    });
    await updateInvoice(server, boss, made.body.id, { action: 'reject' });
    const deleted = await rowsOf(
      () => call(server, 'DELETE', `/invoice/${String(made.body.id)}`, boss),
      204,
    );
    expectRow(deleted, 'invoice.delete', made.body.id);
  });

  it('records invites made, sent again and revoked', async () => {
    let inviteId = 0;
    const made = await rowsOf(async () => {
      const answer = await call<{ id: number }>(server, 'POST', '/invite', boss, {
        email: 'audit.invited@example.com',
        role: Role.Studio,
      });
      inviteId = answer.body.id;
      return answer;
    }, 201);
    expectRow(made, 'invite.create', inviteId, {
      email: 'audit.invited@example.com',
      role: Role.Studio,
    });
    const resent = await rowsOf(
      () => call(server, 'PUT', `/invite/${String(inviteId)}`, boss, { role: Role.TutorManager }),
      200,
    );
    expectRow(resent, 'invite.resend', inviteId, { role: Role.TutorManager });
    const revoked = await rowsOf(
      () => call(server, 'DELETE', `/invite/${String(inviteId)}`, boss),
      204,
    );
    expectRow(revoked, 'invite.revoke', inviteId);
  });

  it('records a settings change with old and new values, and the cache flush', async () => {
    const settings = await rowsOf(
      () =>
        call(server, 'PUT', '/platform-settings', boss, {
          ...DEFAULT_PLATFORM_SETTINGS,
          tutorRatePerMinute: 250,
        }),
      200,
    );
    expectRow(settings, 'settings.update', null, {
      tutorRatePerMinute: { from: DEFAULT_PLATFORM_SETTINGS.tutorRatePerMinute, to: 250 },
    });
    expectRow(
      await rowsOf(() => call(server, 'DELETE', '/cache/flush', boss), 204),
      'cache.flush',
      null,
    );
  });

  it('filters by action and admin, refuses everyone else, and can never be changed', async () => {
    const flushes = await call<AuditPage>(server, 'GET', '/audit-log?action=cache.flush', boss);
    expect(flushes.body.list.map((row) => row.action)).toEqual(['cache.flush']);
    const other = await insertUser(server, Role.RegularAdmin);
    const none = await call<AuditPage>(server, 'GET', `/audit-log?actorId=${other.id}`, boss);
    expect(none.body).toEqual({ list: [], total: 0 });
    const tutor = await insertUser(server, Role.Tutor);
    expect((await call(server, 'GET', '/audit-log', tutor)).status).toBe(403);
    const db = server.app.database.db;
    await expect(db.execute(sql`update audit_log set action = 'user.role'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
    expect(await rowCount()).toBeGreaterThanOrEqual(10);
  });
});

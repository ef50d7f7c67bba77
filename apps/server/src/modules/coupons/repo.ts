import { count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Coupon } from '@talaqa/domain';
import type { Database } from '../../db';
import { coupons } from '../../db/schema';
import type { CouponRow } from '../../db/schema';

export const toCoupon = (row: CouponRow): Coupon => ({
  id: row.id,
  code: row.code,
  discount: row.discount,
  expireDate: row.expireDate.toISOString(),
});

export interface CouponValues {
  /** Upper case (the body schema upper-cases it). */
  code: string;
  discount: number;
  expireDate: Date;
}

export async function insertCouponRow(db: Database, values: CouponValues): Promise<CouponRow> {
  const [row] = await db.insert(coupons).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateCouponRow(
  db: Database,
  id: number,
  values: CouponValues,
): Promise<CouponRow | undefined> {
  const [row] = await db.update(coupons).set(values).where(eq(coupons.id, id)).returning();
  return row;
}

export async function deleteCouponRow(db: Database, id: number): Promise<boolean> {
  const rows = await db.delete(coupons).where(eq(coupons.id, id)).returning({ id: coupons.id });
  return rows.length > 0;
}

export async function findCouponRow(db: Database, id: number): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  return row;
}

/** By code, whatever the case it was typed in (the unique index is on `upper(code)`). */
export async function findCouponRowByCode(
  db: Database,
  code: string,
): Promise<CouponRow | undefined> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(sql`upper(${coupons.code}) = ${code.trim().toUpperCase()}`);
  return row;
}

/** Newest first; expired coupons only when asked. */
export async function listCouponRows(
  db: Database,
  query: { page: number; size: number; includeExpired?: boolean },
  now: Date,
): Promise<{ rows: CouponRow[]; total: number }> {
  const where = query.includeExpired ? undefined : gt(coupons.expireDate, now);
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(coupons)
      .where(where)
      .orderBy(desc(coupons.createdAt), desc(coupons.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: count() }).from(coupons).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

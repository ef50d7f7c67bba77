import { isCouponActive } from '@talaqa/domain';
import type { Coupon, CouponPage } from '@talaqa/domain';
import { AppError } from '../../errors';
import type { Database } from '../../db';
import { isUniqueViolation } from '../../db/errors';
import type { CouponRow } from '../../db/schema';
import {
  deleteCouponRow,
  findCouponRow,
  findCouponRowByCode,
  insertCouponRow,
  listCouponRows,
  toCoupon,
  updateCouponRow,
} from './repo';
import type { CouponValues } from './repo';

/** Codes are unique whatever their case (`coupons_code_key` is on `upper(code)`). */
function couponExists(error: unknown): never {
  if (isUniqueViolation(error, 'coupons_code_key')) throw new AppError('coupon-exists');
  throw error;
}

export async function createCoupon(db: Database, values: CouponValues): Promise<Coupon> {
  return toCoupon(await insertCouponRow(db, values).catch(couponExists));
}

export async function replaceCoupon(
  db: Database,
  id: number,
  values: CouponValues,
): Promise<Coupon> {
  const row = await updateCouponRow(db, id, values).catch(couponExists);
  if (!row) throw new AppError('coupon-not-found');
  return toCoupon(row);
}

export async function deleteCoupon(db: Database, id: number): Promise<void> {
  if (!(await deleteCouponRow(db, id))) throw new AppError('coupon-not-found');
}

export async function getCoupon(db: Database, id: number): Promise<Coupon> {
  const row = await findCouponRow(db, id);
  if (!row) throw new AppError('coupon-not-found');
  return toCoupon(row);
}

export async function listCoupons(
  db: Database,
  query: { page: number; size: number; includeExpired?: boolean },
  now: Date,
): Promise<CouponPage> {
  const { rows, total } = await listCouponRows(db, query, now);
  return { list: rows.map(toCoupon), total };
}

/**
 * The coupon of this code (any case) if it can be used at `now`: `coupon-not-found` for an
 * unknown code, `expired-coupon` for one past its expiry. Used by the checkout's coupon field
 * and by payments when pricing a purchase.
 */
export async function findActiveCoupon(db: Database, code: string, now: Date): Promise<CouponRow> {
  const row = await findCouponRowByCode(db, code);
  if (!row) throw new AppError('coupon-not-found');
  if (!isCouponActive({ expireDate: row.expireDate.toISOString() }, now)) {
    throw new AppError('expired-coupon', 'The coupon has expired');
  }
  return row;
}

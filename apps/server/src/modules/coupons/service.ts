import { isCouponActive } from '@talaqa/domain';
import type { Coupon, CouponPage } from '@talaqa/domain';
import { AppError } from '../../errors';
import type { Database } from '../../db';
import type { ServiceContext } from '../../context';
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

type Db = Pick<ServiceContext, 'db'>;

export async function createCoupon({ db }: Db, values: CouponValues): Promise<Coupon> {
  return toCoupon(await insertCouponRow(db, values).catch(couponExists));
}

export async function replaceCoupon({ db }: Db, id: number, values: CouponValues): Promise<Coupon> {
  const row = await updateCouponRow(db, id, values).catch(couponExists);
  if (!row) throw new AppError('coupon-not-found');
  return toCoupon(row);
}

export async function deleteCoupon({ db }: Db, id: number): Promise<void> {
  if (!(await deleteCouponRow(db, id))) throw new AppError('coupon-not-found');
}

export async function getCoupon({ db }: Db, id: number): Promise<Coupon> {
  const row = await findCouponRow(db, id);
  if (!row) throw new AppError('coupon-not-found');
  return toCoupon(row);
}

export async function listCoupons(
  { db, clock }: Pick<ServiceContext, 'db' | 'clock'>,
  query: { page: number; size: number; includeExpired?: boolean },
): Promise<CouponPage> {
  const { rows, total } = await listCouponRows(db, query, clock.now());
  return { list: rows.map(toCoupon), total };
}

/** The checkout's coupon field: the coupon of this code if it can be used now. */
export async function couponByCode(
  { db, clock }: Pick<ServiceContext, 'db' | 'clock'>,
  code: string,
): Promise<Coupon> {
  return toCoupon(await findActiveCoupon(db, code, clock.now()));
}

/**
 * The coupon of this code (any case) if it can be used at `now`: `coupon-not-found` for an
 * unknown code, `expired-coupon` for one past its expiry. Payments call it when pricing a
 * purchase, at the instant the checkout read once.
 */
export async function findActiveCoupon(db: Database, code: string, now: Date): Promise<CouponRow> {
  const row = await findCouponRowByCode(db, code);
  if (!row) throw new AppError('coupon-not-found');
  if (!isCouponActive({ expireDate: row.expireDate.toISOString() }, now)) {
    throw new AppError('expired-coupon', 'The coupon has expired');
  }
  return row;
}

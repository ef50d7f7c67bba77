import { DEMO_PLANS, Role } from '@talaqa/domain';
import { count } from 'drizzle-orm';
import type { Database } from '../db';
import { coupons, plans, topics } from '../db/schema';
import { findUserRowByEmail } from '../modules/users/repo';
import { createUser, patchUser } from '../modules/users/service';

/** The password of every demo account; printed at start, never used outside APP_ENV=local. */
export const DEMO_PASSWORD = 'Talaqa2026';

export const DEMO_ACCOUNTS = [
  {
    role: Role.SuperAdmin,
    name: 'مدير النظام',
    email: 'superadmin@talaqa.eg',
    label: 'super admin',
  },
  { role: Role.RegularAdmin, name: 'مشرف المنصة', email: 'admin@talaqa.eg', label: 'admin' },
  {
    role: Role.TutorManager,
    name: 'هالة عبد الرحمن',
    email: 'manager@talaqa.eg',
    label: 'tutor manager',
  },
  { role: Role.Tutor, name: 'أحمد سمير', email: 'tutor@talaqa.eg', label: 'tutor' },
  { role: Role.Student, name: 'منى عادل', email: 'student@talaqa.eg', label: 'student' },
  { role: Role.Studio, name: 'استوديو النيل', email: 'studio@talaqa.eg', label: 'studio' },
] as const;

const DEMO_TOPICS = [
  ['السفر', 'Travel'],
  ['العمل والمقابلات', 'Work and interviews'],
  ['الدراسة في الخارج', 'Studying abroad'],
  ['الأفلام والمسلسلات', 'Films and series'],
  ['الرياضة', 'Sports'],
  ['التكنولوجيا', 'Technology'],
  ['الطبخ', 'Cooking'],
  ['الحياة اليومية', 'Daily life'],
  ['الأعمال والتجارة', 'Business'],
  ['امتحانات IELTS وTOEFL', 'IELTS and TOEFL'],
] as const;

/** A demo coupon for trying the checkout's coupon field: 10% off, valid a year from seeding. */
export const DEMO_COUPON = { code: 'TALAQA10', discount: 10 } as const;
const DEMO_COUPON_DAYS = 365;

/**
 * The three plans of the plans page and the demo coupon, on a database without plans (its first
 * start): plans an admin later edits or deletes are left as they are.
 */
async function seedCatalogue(db: Database, now: Date): Promise<void> {
  const [existing] = await db.select({ total: count() }).from(plans);
  if ((existing?.total ?? 0) > 0) return;
  await db.transaction(async (tx) => {
    await tx.insert(plans).values(DEMO_PLANS.map(({ name: _name, ...plan }) => plan));
    await tx
      .insert(coupons)
      .values({
        ...DEMO_COUPON,
        expireDate: new Date(now.getTime() + DEMO_COUPON_DAYS * 24 * 60 * 60 * 1000),
      })
      .onConflictDoNothing();
  });
}

/**
 * Demo data for a developer's machine: one verified account of every role, the topics, the three
 * plans and a coupon. Safe to run at every start: it adds only what is missing.
 */
export async function seedDemoData(db: Database): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    if (await findUserRowByEmail(db, account.email)) continue;
    const user = await createUser(db, {
      name: account.name,
      email: account.email,
      password: DEMO_PASSWORD,
      role: account.role,
      emailVerified: true,
    });
    if (account.role === Role.Student) {
      // A mobile number too: the payment gateways need one to take a payment.
      await patchUser(db, user.id, {
        birthYear: 2001,
        gender: 'female',
        city: 1,
        level: 3,
        phone: '+201001234567',
      });
    }
  }
  await db
    .insert(topics)
    .values(DEMO_TOPICS.map(([nameAr, nameEn]) => ({ nameAr, nameEn })))
    .onConflictDoNothing();
  await seedCatalogue(db, new Date());
}

export function demoLoginLines(): string[] {
  return DEMO_ACCOUNTS.map(
    (account) => `  ${account.label.padEnd(14)} ${account.email.padEnd(24)} ${DEMO_PASSWORD}`,
  );
}

import { Role } from '@talaqa/domain';
import type { Database } from '../db';
import { topics } from '../db/schema';
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

/**
 * Demo data for a developer's machine: one verified account of every role and the topics.
 * Safe to run at every start: it adds only what is missing.
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
      await patchUser(db, user.id, { birthYear: 2001, gender: 'female', city: 1, level: 3 });
    }
  }
  await db
    .insert(topics)
    .values(DEMO_TOPICS.map(([nameAr, nameEn]) => ({ nameAr, nameEn })))
    .onConflictDoNothing();
}

export function demoLoginLines(): string[] {
  return DEMO_ACCOUNTS.map(
    (account) => `  ${account.label.padEnd(14)} ${account.email.padEnd(24)} ${DEMO_PASSWORD}`,
  );
}

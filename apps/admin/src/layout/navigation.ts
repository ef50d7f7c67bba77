import { paths } from '../paths';

/** The admin sidebar of spec section 2, in its order. */
export const SIDEBAR_LINKS = [
  { to: paths.photoSessions, label: 'جلسات التصوير' },
  { to: paths.users, label: 'المستخدمون' },
  { to: paths.invoices, label: 'الفواتير' },
  { to: paths.plans, label: 'الباقات' },
  { to: paths.interviews, label: 'المقابلات' },
  { to: paths.lessons, label: 'الدروس' },
  { to: paths.platformSettings, label: 'إعدادات المنصة والذاكرة المؤقتة' },
  { to: paths.userSettings, label: 'إعدادات المستخدم' },
  { to: paths.topics, label: 'الموضوعات' },
  { to: paths.tutors, label: 'المعلمون' },
] as const;

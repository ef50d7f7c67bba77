import { Role } from '@talaqa/domain';
import { paths } from '../paths';

/**
 * The admin sidebar of spec section 2, in its order, with the plan invites after the plans (issue
 * 23 item 1), our payments list after them, and the stored files (issue 23 item 5), the contact
 * form's messages, the problem reports, the short links (record 351) and the live server
 * statistics at the end.
 */
export const SIDEBAR_LINKS = [
  { to: paths.photoSessions, label: 'جلسات التصوير' },
  { to: paths.users, label: 'المستخدمون' },
  { to: paths.invoices, label: 'الفواتير' },
  { to: paths.plans, label: 'الباقات' },
  { to: paths.planInvites, label: 'دعوات الباقات' },
  { to: paths.transactions, label: 'المدفوعات' },
  { to: paths.interviews, label: 'المقابلات' },
  { to: paths.lessons, label: 'الدروس' },
  { to: paths.platformSettings, label: 'إعدادات المنصة والذاكرة المؤقتة' },
  { to: paths.userSettings, label: 'إعدادات المستخدم' },
  { to: paths.topics, label: 'الموضوعات' },
  { to: paths.tutors, label: 'المعلمون' },
  { to: paths.media, label: 'الملفات المرفوعة' },
  { to: paths.contactRequests, label: 'رسائل التواصل' },
  { to: paths.reports, label: 'بلاغات المشكلات' },
  { to: paths.shortLinks, label: 'الروابط المختصرة' },
  { to: paths.serverStats, label: 'حالة الخوادم' },
] as const;

/** The sidebar of `role`: a studio's holds its one page (record 331). */
export const sidebarLinksFor = (role: Role | undefined) =>
  role === Role.Studio
    ? SIDEBAR_LINKS.filter((link) => link.to === paths.photoSessions)
    : SIDEBAR_LINKS;

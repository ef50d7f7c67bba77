/**
 * The audit log (issue 23 item 11; docs/decisions/340-audit-log.md): every admin action, written
 * in the action's own transaction, append-only, read by admins page by page.
 */
import { z } from 'zod';
import { admins } from '../access';
import { endpoint } from '../contract/endpoint';
import { pageSchema } from '../contract/page';
import { instantSchema, queryId, queryWord } from '../contract/query-fields';
import { idField, queryInstant } from '../payments/fields';
import { pageQuerySchema } from '../validation';

/** What an admin did; the part before the dot names what it was done to. */
export const AUDIT_ACTIONS = [
  'user.role',
  'user.email',
  'user.update',
  'plan.create',
  'plan.update',
  'plan.delete',
  'plan-invite.create',
  'plan-invite.move',
  'plan-invite.delete',
  'coupon.create',
  'coupon.update',
  'coupon.delete',
  'refund.request',
  'refund.settle',
  'invoice.process',
  'invoice.delete',
  'lesson.not-held',
  'lesson.cancel',
  'invite.create',
  'invite.resend',
  'invite.revoke',
  'short-link.create',
  'short-link.update',
  'short-link.delete',
  'settings.update',
  'cache.flush',
  'file.delete',
  'logs.export',
  'report.resolve',
  'report.reopen',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Arabic names of the actions, for the admin's list and its filter. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'user.role': 'تغيير دور مستخدم',
  'user.email': 'تغيير بريد مستخدم',
  'user.update': 'تعديل بيانات مستخدم',
  'plan.create': 'إنشاء باقة',
  'plan.update': 'تعديل باقة أو سعرها',
  'plan.delete': 'حذف باقة',
  'plan-invite.create': 'دعوة إلى باقة',
  'plan-invite.move': 'نقل دعوة باقة',
  'plan-invite.delete': 'حذف دعوة باقة',
  'coupon.create': 'إنشاء كوبون',
  'coupon.update': 'تعديل كوبون',
  'coupon.delete': 'حذف كوبون',
  'refund.request': 'طلب استرداد',
  'refund.settle': 'حسم استرداد يدويًا',
  'invoice.process': 'معالجة طلب سحب',
  'invoice.delete': 'حذف طلب سحب',
  'lesson.not-held': 'تسجيل درس لم يُعقد',
  'lesson.cancel': 'إلغاء درس نيابةً عن أحد طرفيه',
  'invite.create': 'دعوة للانضمام',
  'invite.resend': 'إعادة إرسال دعوة',
  'invite.revoke': 'إلغاء دعوة',
  'short-link.create': 'إنشاء رابط مختصر',
  'short-link.update': 'تعديل رابط مختصر',
  'short-link.delete': 'حذف رابط مختصر',
  'settings.update': 'تعديل إعدادات المنصة',
  'cache.flush': 'مسح ذاكرة التخزين المؤقت',
  'file.delete': 'حذف ملف غير مستخدم',
  'logs.export': 'تنزيل سجلات الخادم',
  'report.resolve': 'حل بلاغ مشكلة',
  'report.reopen': 'إعادة فتح بلاغ مشكلة',
};

export const auditEntrySchema = z.object({
  id: idField,
  actorId: idField,
  actorName: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** The id of what was acted on (a user, plan, coupon, transaction, invoice); null for none. */
  targetId: idField.nullable(),
  /** What changed, as the action tells it (old and new values, the body sent). */
  details: z.record(z.string(), z.unknown()),
  createdAt: instantSchema,
});
export type AuditEntry = z.output<typeof auditEntrySchema>;
export const auditPageSchema = pageSchema(auditEntrySchema);
export type AuditPage = z.output<typeof auditPageSchema>;

/** GET /audit-log: newest first; by action, admin, target, and a [from, to) window. */
export const auditQuerySchema = pageQuerySchema.extend({
  action: queryWord(AUDIT_ACTIONS),
  actorId: queryId(),
  targetId: queryId(),
  from: queryInstant(),
  to: queryInstant(),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;
export type AuditFilters = z.output<typeof auditQuerySchema>;

export const auditEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/audit-log',
    summary: 'What admins did, newest first, filtered and paged (admins; nobody can change it)',
    access: admins,
    query: auditQuerySchema,
    responses: { 200: auditPageSchema },
  }),
};

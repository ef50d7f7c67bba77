import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { AuditAction, PlatformSettingKey } from '@talaqa/domain';
import { users } from './users';

/** A setting's stored value: a number, a text or null (docs/decisions/339-platform-settings.md). */
export type SettingValue = number | string | null;

/**
 * Platform settings (issue 23 item 3), one row per setting an admin has set; a setting without a
 * row has its default (`DEFAULT_PLATFORM_SETTINGS`). Read afresh by every operation that needs
 * one, so every instance sees a change as soon as it commits.
 */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').$type<PlatformSettingKey>().primaryKey(),
  value: jsonb('value').$type<SettingValue>(),
  updatedBy: integer('updated_by')
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** One row per change of one setting: who, when, old -> new. Append-only (a trigger). */
export const platformSettingChanges = pgTable(
  'platform_setting_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').$type<PlatformSettingKey>().notNull(),
    oldValue: jsonb('old_value').$type<SettingValue>(),
    newValue: jsonb('new_value').$type<SettingValue>(),
    changedBy: integer('changed_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('platform_setting_changes_key_idx').on(t.key, t.id.desc())],
);

/**
 * The audit log (issue 23 item 11; decision 340): one row per admin action, written in the
 * action's transaction. Append-only: a trigger refuses UPDATE and DELETE, and the actor's
 * account cannot be deleted while rows name it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    action: text('action').$type<AuditAction>().notNull(),
    targetId: integer('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.id.desc()),
    index('audit_log_action_idx').on(t.action, t.id.desc()),
    index('audit_log_actor_idx').on(t.actorId, t.id.desc()),
    check('audit_log_action_check', sql`${t.action} ~ '^[a-z-]+\\.[a-z-]+$'`),
  ],
);

/** Tutors who said they joined the support group (the optional first onboarding step). */
export const supportGroupJoins = pgTable('support_group_joins', {
  tutorId: integer('tutor_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
});

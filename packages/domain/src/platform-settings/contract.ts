/**
 * Platform settings endpoints (issue 23 item 3; our extensions, docs/decisions/339): admins read
 * and replace the settings and read their history; any signed-in user reads the public part (the
 * withdrawal dialog's bounds, the support links); a tutor declares the support group joined.
 */
import { z } from 'zod';
import { admins, rolesOnly, signedIn } from '../access';
import { endpoint, noContent } from '../contract/endpoint';
import { pageSchema } from '../contract/page';
import { instantSchema, queryWord } from '../contract/query-fields';
import { Role } from '../enums';
import { idField } from '../payments/fields';
import { pageQuerySchema } from '../validation';
import { PLATFORM_SETTING_KEYS, platformSettingsSchema } from './rules';

const settingsFields = {
  withdrawalMin: z.number().int(),
  withdrawalMax: z.number().int(),
  tutorRatePerMinute: z.number().int(),
  supportGroupUrl: z.string().nullable(),
  supportChatUrl: z.string().nullable(),
  defaultNoticePeriod: z.number().int(),
};

/** The settings with their last change (null: never changed, the defaults). */
export const platformSettingsViewSchema = z.object({
  ...settingsFields,
  updatedAt: instantSchema.nullable(),
  updatedBy: idField.nullable(),
});
export type PlatformSettingsView = z.output<typeof platformSettingsViewSchema>;

/** What every signed-in screen may know: the withdrawal bounds and the support links. */
export const publicSettingsSchema = z.object({
  withdrawalMin: settingsFields.withdrawalMin,
  withdrawalMax: settingsFields.withdrawalMax,
  supportGroupUrl: settingsFields.supportGroupUrl,
  supportChatUrl: settingsFields.supportChatUrl,
});
export type PublicSettings = z.output<typeof publicSettingsSchema>;

/** A setting's value as the history keeps it. */
const settingValueSchema = z.union([z.number(), z.string(), z.null()]);

/** One change of one setting: who, when, old -> new. */
export const settingChangeSchema = z.object({
  id: idField,
  key: z.enum(PLATFORM_SETTING_KEYS),
  oldValue: settingValueSchema,
  newValue: settingValueSchema,
  changedBy: idField,
  changedByName: z.string(),
  changedAt: instantSchema,
});
export type SettingChange = z.output<typeof settingChangeSchema>;
export const settingHistoryPageSchema = pageSchema(settingChangeSchema);
export type SettingHistoryPage = z.output<typeof settingHistoryPageSchema>;

/** GET /platform-settings/history: newest first, one setting on request. */
export const settingHistoryQuerySchema = pageQuerySchema.extend({
  key: queryWord(PLATFORM_SETTING_KEYS),
});
export type SettingHistoryQuery = z.input<typeof settingHistoryQuerySchema>;

const settingErrors = [
  'withdraw-limit-not-positive',
  'withdraw-limit-too-high',
  'withdraw-min-above-max',
  'tutor-rate-not-positive',
  'tutor-rate-too-high',
  'invalid-url',
  'invalid-notice-period',
  'notice-period-too-long',
] as const;

export const platformSettingsEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/platform-settings',
    summary: 'The platform settings and their last change (admins)',
    access: admins,
    responses: { 200: platformSettingsViewSchema },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/platform-settings',
    summary: 'Replaces the platform settings; each changed one is kept in the history (admins)',
    description:
      'Withdrawal bounds and the tutor rate in piasters, the notice period in minutes, links ' +
      'https or empty. Every instance reads the new values at once; a new rate applies to ' +
      'lessons fulfilled after the change.',
    access: admins,
    body: platformSettingsSchema,
    responses: { 200: platformSettingsViewSchema },
    errors: [...settingErrors],
  }),
  history: endpoint({
    method: 'GET',
    path: '/platform-settings/history',
    summary: 'Every change of the settings, newest first (admins)',
    access: admins,
    query: settingHistoryQuerySchema,
    responses: { 200: settingHistoryPageSchema },
  }),
  public: endpoint({
    method: 'GET',
    path: '/platform-settings/public',
    summary: 'The withdrawal bounds and the support links, for any signed-in screen',
    access: signedIn,
    responses: { 200: publicSettingsSchema },
  }),
  joinSupportGroup: endpoint({
    method: 'POST',
    path: '/user/tutor/onboarding/support-group',
    summary: 'A tutor says they joined the support group (the optional first onboarding step)',
    access: rolesOnly(Role.Tutor),
    responses: { 204: noContent },
  }),
};

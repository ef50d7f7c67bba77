/**
 * Platform settings (issue 23 item 3; docs/decisions/339-platform-settings.md): the figures and
 * links an admin sets at /platform-settings, kept in the database with a history of every change.
 * One schema for the admin's form and the server. Money in piasters, times in minutes.
 */
import { z } from 'zod';
import {
  NOTICE_PERIOD_PLACEHOLDER_MINUTES,
  WITHDRAWAL_MAX_PIASTERS,
  WITHDRAWAL_MIN_PIASTERS,
} from '../constants';
import { TUTOR_RATE_PIASTERS_PER_MINUTE } from '../earnings/rules';
import { integer, number, rule, text } from '../validation/blocks';
import { NOTICE_PERIOD_MAX_MINUTES } from '../validation/profiles';
import { WITHDRAWAL_LIMIT_MAX_PIASTERS } from '../validation/withdrawals';

/** The settings' names, in the form's order; the history and the audit log name them so. */
export const PLATFORM_SETTING_KEYS = [
  'withdrawalMin',
  'withdrawalMax',
  'tutorRatePerMinute',
  'supportGroupUrl',
  'supportChatUrl',
  'defaultNoticePeriod',
] as const;
export type PlatformSettingKey = (typeof PLATFORM_SETTING_KEYS)[number];

export interface PlatformSettings {
  /** Piasters: the least a tutor may ask to withdraw at once. */
  withdrawalMin: number;
  /** Piasters: the most a tutor may ask to withdraw at once. */
  withdrawalMax: number;
  /** Piasters a tutor earns per minute taught (decision 318), for lessons fulfilled from now on. */
  tutorRatePerMinute: number;
  /** The tutors' support group (WhatsApp or Telegram invite), the first onboarding step. */
  supportGroupUrl: string | null;
  /** Where users reach support by chat. */
  supportChatUrl: string | null;
  /** Minutes: the notice period a new tutor starts with. */
  defaultNoticePeriod: number;
}

/** What the platform runs with until an admin changes something: the figures of the spec. */
export const DEFAULT_PLATFORM_SETTINGS: Readonly<PlatformSettings> = Object.freeze({
  withdrawalMin: WITHDRAWAL_MIN_PIASTERS,
  withdrawalMax: WITHDRAWAL_MAX_PIASTERS,
  tutorRatePerMinute: TUTOR_RATE_PIASTERS_PER_MINUTE,
  supportGroupUrl: null,
  supportChatUrl: null,
  defaultNoticePeriod: NOTICE_PERIOD_PLACEHOLDER_MINUTES,
});

/** 100 EGP a minute: far above any tutor's rate, so only a typo reaches it. */
export const TUTOR_RATE_MAX_PIASTERS = 100 * 100;
export const SETTING_URL_MAX_LENGTH = 500;

const withdrawalLimit = integer().superRefine(
  rule((piasters: number) =>
    piasters <= 0
      ? 'withdraw-limit-not-positive'
      : piasters > WITHDRAWAL_LIMIT_MAX_PIASTERS
        ? 'withdraw-limit-too-high'
        : undefined,
  ),
);

const tutorRate = integer().superRefine(
  rule((piasters: number) =>
    piasters <= 0
      ? 'tutor-rate-not-positive'
      : piasters > TUTOR_RATE_MAX_PIASTERS
        ? 'tutor-rate-too-high'
        : undefined,
  ),
);

/** Whether `value` is an absolute https address a phone can open (no credentials in it). */
export function isSettingUrl(value: string): boolean {
  if (value.length > SETTING_URL_MAX_LENGTH || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (
      url.protocol === 'https:' &&
      url.hostname.includes('.') &&
      url.username === '' &&
      url.password === ''
    );
  } catch {
    return false;
  }
}

/** A link setting: an https address, or empty (null) for none. */
const settingUrl = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  text('invalid-url')
    .trim()
    .superRefine(rule((value: string) => (isSettingUrl(value) ? undefined : 'invalid-url')))
    .nullable(),
);

const noticePeriod = number().superRefine(
  rule((minutes: number) => {
    if (!Number.isInteger(minutes) || minutes < 0) return 'invalid-notice-period';
    return minutes > NOTICE_PERIOD_MAX_MINUTES ? 'notice-period-too-long' : undefined;
  }),
);

/**
 * The whole settings, as PUT /platform-settings takes them and the form checks them: each field
 * its own rule, then the minimum withdrawal no more than the maximum.
 */
export const platformSettingsSchema = z
  .object({
    withdrawalMin: withdrawalLimit,
    withdrawalMax: withdrawalLimit,
    tutorRatePerMinute: tutorRate,
    supportGroupUrl: settingUrl,
    supportChatUrl: settingUrl,
    defaultNoticePeriod: noticePeriod,
  })
  .superRefine((settings, ctx) => {
    if (settings.withdrawalMin > settings.withdrawalMax) {
      ctx.addIssue({ code: 'custom', message: 'withdraw-min-above-max', path: ['withdrawalMin'] });
    }
  });
export type PlatformSettingsInput = z.input<typeof platformSettingsSchema>;

/** The keys whose value differs between two settings, in the form's order. */
export const changedSettingKeys = (
  before: PlatformSettings,
  after: PlatformSettings,
): PlatformSettingKey[] => PLATFORM_SETTING_KEYS.filter((key) => before[key] !== after[key]);

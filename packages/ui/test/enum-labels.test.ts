import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_SOURCES,
  CARD_BRANDS,
  ENGLISH_LEVELS,
  GENDERS,
  GOVERNORATES,
  Governorate,
  NOTIFICATION_METHODS,
  PAYMENT_METHODS,
  PLAN_NAMES,
  PLAN_PERIODS,
  RATING_STARS,
  ROLES,
  SUBSCRIPTION_STATES,
  TRANSACTION_STATUSES,
  TUTOR_LIST_SORTS,
} from '@talaqa/domain';
import {
  CAMPAIGN_SOURCE_NAMES_AR,
  CARD_BRAND_NAMES_AR,
  ENGLISH_LEVEL_NAMES_AR,
  GENDER_NAMES_AR,
  GOVERNORATE_NAMES_AR,
  NOTIFICATION_METHOD_NAMES_AR,
  PAYMENT_METHOD_NAMES_AR,
  PLAN_NAMES_AR,
  PLAN_PERIOD_NAMES_AR,
  RATING_STARS_NAMES_AR,
  ROLE_NAMES_AR,
  SUBSCRIPTION_STATE_NAMES_AR,
  TRANSACTION_STATUS_NAMES_AR,
  TUTOR_LIST_SORT_NAMES_AR,
} from '../src/index';

const ARABIC_LETTER = /[\u0621-\u064A]/;

/** Each domain enumeration's values beside the Arabic names the screens show for them. */
const CATALOGUES: [string, readonly (string | number)[], Record<string | number, string>][] = [
  ['Role', ROLES, ROLE_NAMES_AR],
  ['Gender', GENDERS, GENDER_NAMES_AR],
  ['EnglishLevel', ENGLISH_LEVELS, ENGLISH_LEVEL_NAMES_AR],
  ['NotificationMethod', NOTIFICATION_METHODS, NOTIFICATION_METHOD_NAMES_AR],
  ['Governorate', GOVERNORATES, GOVERNORATE_NAMES_AR],
  ['PlanName', PLAN_NAMES, PLAN_NAMES_AR],
  ['PlanPeriod', PLAN_PERIODS, PLAN_PERIOD_NAMES_AR],
  ['TransactionStatus', TRANSACTION_STATUSES, TRANSACTION_STATUS_NAMES_AR],
  ['PaymentMethod', PAYMENT_METHODS, PAYMENT_METHOD_NAMES_AR],
  ['CardBrand', CARD_BRANDS, CARD_BRAND_NAMES_AR],
  ['SubscriptionState', SUBSCRIPTION_STATES, SUBSCRIPTION_STATE_NAMES_AR],
  ['RatingStars', RATING_STARS, RATING_STARS_NAMES_AR],
  ['TutorListSort', TUTOR_LIST_SORTS, TUTOR_LIST_SORT_NAMES_AR],
  ['CampaignSource', CAMPAIGN_SOURCES, CAMPAIGN_SOURCE_NAMES_AR],
];

/** Ids the spec lists twice under one name (27 Monufia, 28 Minufiya): they may share a label. */
const SAME_NAME = new Set<string | number>([Governorate.Minufiya]);

describe.each(CATALOGUES)('Arabic names of %s', (_name, values, labels) => {
  it.each(values.map((value) => [value]))('names %s in Arabic', (value) => {
    const label = (labels as Record<string | number, string | undefined>)[value];
    expect(label, `no Arabic name for "${value}"`).toBeTypeOf('string');
    expect(label!.trim().length).toBeGreaterThan(0);
    expect(label).toMatch(ARABIC_LETTER);
  });

  it('names no value the domain does not know', () => {
    const known = new Set(values.map(String));
    expect(Object.keys(labels).filter((key) => !known.has(key))).toEqual([]);
  });

  it('gives different values different names', () => {
    const names = values.filter((value) => !SAME_NAME.has(value)).map((value) => labels[value]);
    expect(new Set(names).size).toBe(names.length);
  });
});

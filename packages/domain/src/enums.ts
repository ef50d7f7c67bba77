/**
 * The enumerations of spec section 3, with the spec's exact values (numbers travel on the wire and
 * sit in database columns, so they must never be renumbered). Each one is a `const` object for
 * readable code, a type union of its values, and an array of its values for schemas and selects.
 */

import { valuesOf } from './values';

export const Role = {
  SuperAdmin: 1,
  RegularAdmin: 2,
  Tutor: 3,
  Student: 4,
  TutorManager: 5,
  Studio: 6,
} as const;
export type Role = (typeof Role)[keyof typeof Role];
export const ROLES = valuesOf(Role);

/** Super and regular admins are both "admin" for the dashboard (spec section 6). */
export const isAdminRole = (role: Role): boolean =>
  role === Role.SuperAdmin || role === Role.RegularAdmin;

export const Gender = { Male: 'male', Female: 'female' } as const;
export type Gender = (typeof Gender)[keyof typeof Gender];
export const GENDERS = valuesOf(Gender);

/**
 * Egypt's governorates with the spec's ids 1-30, in the spec's order. The list keeps the spec's
 * duplicates (Monufia/Minufiya, Giza/GizaCity) and Helwan because stored ids refer to them.
 */
export const Governorate = {
  Cairo: 1,
  Alexandria: 2,
  Giza: 3,
  Dakahlia: 4,
  Qalyubia: 5,
  Sharkia: 6,
  Beheira: 7,
  Aswan: 8,
  Asyut: 9,
  BeniSuef: 10,
  PortSaid: 11,
  Suez: 12,
  Minya: 13,
  Gharbia: 14,
  Ismailia: 15,
  KafrElSheikh: 16,
  Matrouh: 17,
  RedSea: 18,
  Sohag: 19,
  Fayoum: 20,
  Luxor: 21,
  Qena: 22,
  NewValley: 23,
  NorthSinai: 24,
  SouthSinai: 25,
  Damietta: 26,
  Monufia: 27,
  Minufiya: 28,
  Helwan: 29,
  GizaCity: 30,
} as const;
export type Governorate = (typeof Governorate)[keyof typeof Governorate];
export const GOVERNORATES = valuesOf(Governorate);

export const EnglishLevel = {
  Beginner: 1,
  PreIntermediate: 2,
  Intermediate: 3,
  UpperIntermediate: 4,
  Advanced: 5,
  Mastery: 6,
} as const;
export type EnglishLevel = (typeof EnglishLevel)[keyof typeof EnglishLevel];
export const ENGLISH_LEVELS = valuesOf(EnglishLevel);

export const PlanPeriod = { Month: 0, Quarter: 1, Year: 2, FreeTrial: 3 } as const;
export type PlanPeriod = (typeof PlanPeriod)[keyof typeof PlanPeriod];
export const PLAN_PERIODS = valuesOf(PlanPeriod);

/** How many months each period lasts; the free trial is "lifetime", i.e. 100 years. */
export const PLAN_PERIOD_MONTHS = {
  [PlanPeriod.Month]: 1,
  [PlanPeriod.Quarter]: 3,
  [PlanPeriod.Year]: 12,
  [PlanPeriod.FreeTrial]: 1200,
} as const satisfies Record<PlanPeriod, number>;

/** The period as a word, as it appears in routes such as /checkout/{planId}/{period}. */
export const PeriodKind = {
  Month: 'month',
  Quarter: 'quarter',
  Year: 'year',
  FreeTrial: 'free-trial',
} as const;
export type PeriodKind = (typeof PeriodKind)[keyof typeof PeriodKind];
export const PERIOD_KINDS = valuesOf(PeriodKind);

export const PERIOD_KIND_OF = {
  [PlanPeriod.Month]: PeriodKind.Month,
  [PlanPeriod.Quarter]: PeriodKind.Quarter,
  [PlanPeriod.Year]: PeriodKind.Year,
  [PlanPeriod.FreeTrial]: PeriodKind.FreeTrial,
} as const satisfies Record<PlanPeriod, PeriodKind>;

export const planPeriodOfKind = (kind: PeriodKind): PlanPeriod => {
  const entry = PLAN_PERIODS.find((period) => PERIOD_KIND_OF[period] === kind);
  if (entry === undefined) throw new RangeError(`Unknown period kind: ${kind}`);
  return entry;
};

/** The three plans of the plans page, with their weekly minutes and installment options. */
export const PlanName = {
  Beginning: 'beginning',
  Advance: 'advance',
  Professional: 'professional',
} as const;
export type PlanName = (typeof PlanName)[keyof typeof PlanName];
export const PLAN_NAMES = valuesOf(PlanName);

export const PLAN_WEEKLY_MINUTES = {
  [PlanName.Beginning]: 60,
  [PlanName.Advance]: 120,
  [PlanName.Professional]: 230,
} as const satisfies Record<PlanName, number>;

/** Number of bank installments a plan can be paid in; the beginning plan is paid at once. */
export const PLAN_INSTALLMENTS = {
  [PlanName.Beginning]: [],
  [PlanName.Advance]: [2],
  [PlanName.Professional]: [3, 4],
} as const satisfies Record<PlanName, readonly number[]>;

/** The named plan with these weekly minutes, if any (admins may create other plans). */
export const planNameOfWeeklyMinutes = (weeklyMinutes: number): PlanName | null =>
  PLAN_NAMES.find((name) => PLAN_WEEKLY_MINUTES[name] === weeklyMinutes) ?? null;

export const AssetType = { Image: 'image', Video: 'video', Thumbnail: 'thumbnail' } as const;
export type AssetType = (typeof AssetType)[keyof typeof AssetType];
export const ASSET_TYPES = valuesOf(AssetType);

export const ReportType = { Screenshot: 'screenshot', Log: 'log' } as const;
export type ReportType = (typeof ReportType)[keyof typeof ReportType];
export const REPORT_TYPES = valuesOf(ReportType);

export const TokenPurpose = {
  ForgetPassword: 'forget-password',
  VerifyEmail: 'verify-email',
} as const;
export type TokenPurpose = (typeof TokenPurpose)[keyof typeof TokenPurpose];
export const TOKEN_PURPOSES = valuesOf(TokenPurpose);

/** The spec skips 2; the numbers are stored with each code, so the gap stays. */
export const CodePurpose = { VerifyWhatsApp: 1, VerifyEmail: 3, ResetPassword: 4 } as const;
export type CodePurpose = (typeof CodePurpose)[keyof typeof CodePurpose];
export const CODE_PURPOSES = valuesOf(CodePurpose);

export const SortOrder = { Asc: 'asc', Desc: 'desc' } as const;
export type SortOrder = (typeof SortOrder)[keyof typeof SortOrder];
export const SORT_ORDERS = valuesOf(SortOrder);

/** How a text filter matches (user and lesson searches). */
export const MatchMode = {
  Exact: 'exact',
  Suffix: 'suffix',
  Prefix: 'prefix',
  Loose: 'loose',
} as const;
export type MatchMode = (typeof MatchMode)[keyof typeof MatchMode];
export const MATCH_MODES = valuesOf(MatchMode);

export const RoomType = { General: 1, Lesson: 2, Interview: 3, DemoSession: 4 } as const;
export type RoomType = (typeof RoomType)[keyof typeof RoomType];
export const ROOM_TYPES = valuesOf(RoomType);

/** JavaScript's `Date#getDay` numbering; the displayed week still starts on Saturday. */
export const Weekday = {
  Sunday: 0,
  Monday: 1,
  Tuesday: 2,
  Wednesday: 3,
  Thursday: 4,
  Friday: 5,
  Saturday: 6,
} as const;
export type Weekday = (typeof Weekday)[keyof typeof Weekday];
export const WEEKDAYS = valuesOf(Weekday);
/** The days in display order: the week starts on Saturday (spec section 9). */
export const WEEKDAYS_FROM_SATURDAY: readonly Weekday[] = Object.freeze([6, 0, 1, 2, 3, 4, 5]);

/** Lesson lengths in minutes. */
export const SessionSlotLength = { Short: 15, Long: 30 } as const;
export type SessionSlotLength = (typeof SessionSlotLength)[keyof typeof SessionSlotLength];
export const SESSION_SLOT_LENGTHS = valuesOf(SessionSlotLength);

export const WithdrawMethod = { Wallet: 0, Bank: 1, Instapay: 2 } as const;
export type WithdrawMethod = (typeof WithdrawMethod)[keyof typeof WithdrawMethod];
export const WITHDRAW_METHODS = valuesOf(WithdrawMethod);

/** The method's word on invoices and in label keys. */
export const WITHDRAW_METHOD_KEYS = {
  [WithdrawMethod.Wallet]: 'wallet',
  [WithdrawMethod.Bank]: 'bank',
  [WithdrawMethod.Instapay]: 'instapay',
} as const satisfies Record<WithdrawMethod, string>;

export const Bank = {
  CIB: 'CIB',
  ALEX: 'ALEX',
  NBE: 'NBE',
  MISR: 'MISR',
  QNB: 'QNB',
  MASHREQ: 'MASHREQ',
  AAIB: 'AAIB',
} as const;
export type Bank = (typeof Bank)[keyof typeof Bank];
export const BANKS = valuesOf(Bank);

export const PaymentMethod = { Card: 0, EWallet: 1, BankInstallment: 2, Fawry: 3 } as const;
export type PaymentMethod = (typeof PaymentMethod)[keyof typeof PaymentMethod];
export const PAYMENT_METHODS = valuesOf(PaymentMethod);

export const JoinLeaveEvent = { UserJoined: 1, UserLeft: 2 } as const;
export type JoinLeaveEvent = (typeof JoinLeaveEvent)[keyof typeof JoinLeaveEvent];
export const JOIN_LEAVE_EVENTS = valuesOf(JoinLeaveEvent);

export const MediaKind = { Video: 'video' } as const;
export type MediaKind = (typeof MediaKind)[keyof typeof MediaKind];
export const MEDIA_KINDS = valuesOf(MediaKind);

/**
 * Where a visitor came from (the `src` of marketing links). The spec gives only the codes; the
 * names are our reading of them, and mpv/mtd are kept as codes because their meaning is not shown.
 */
export const CampaignSource = {
  WhatsApp: 'wa',
  Facebook: 'sfb',
  YouTube: 'syt',
  Instagram: 'sig',
  TikTok: 'stt',
  X: 'sx',
  Mpv: 'mpv',
  Mtd: 'mtd',
} as const;
export type CampaignSource = (typeof CampaignSource)[keyof typeof CampaignSource];
export const CAMPAIGN_SOURCES = valuesOf(CampaignSource);

export const NotificationMethod = {
  WhatsApp: 'whatsapp',
  Telegram: 'telegram',
  None: 'none',
} as const;
export type NotificationMethod = (typeof NotificationMethod)[keyof typeof NotificationMethod];
export const NOTIFICATION_METHODS = valuesOf(NotificationMethod);

export const RatingStars = { Bad: 1, Accepted: 2, Good: 3, VeryGood: 4, Excellent: 5 } as const;
export type RatingStars = (typeof RatingStars)[keyof typeof RatingStars];
export const RATING_STARS = valuesOf(RatingStars);

/** Keys of the stars' labels in the Arabic catalogue. */
export const RATING_LABEL_KEYS = {
  [RatingStars.Bad]: 'bad',
  [RatingStars.Accepted]: 'accepted',
  [RatingStars.Good]: 'good',
  [RatingStars.VeryGood]: 'very-good',
  [RatingStars.Excellent]: 'excellent',
} as const satisfies Record<RatingStars, string>;
export type RatingLabelKey = (typeof RATING_LABEL_KEYS)[RatingStars];

/** True when `value` is one of the enumeration's values (for untyped input such as a query). */
export const isOneOf = <T extends string | number>(
  values: readonly T[],
  value: unknown,
): value is T => (values as readonly unknown[]).includes(value);

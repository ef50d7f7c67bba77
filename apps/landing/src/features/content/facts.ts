/**
 * The product's rules as the content pages state them, read from the domain so a changed rule
 * changes the text (docs/decisions/301-product-content.md lists each fact and its source).
 */
import {
  DEMO_SESSION_MINUTES,
  FREE_TRIAL_MINUTES,
  INTERVIEW_MINUTES,
  LESSON_CANCEL_GRACE_MINUTES,
  LESSON_FREE_CANCEL_MINUTES,
  LESSON_REMINDER_MINUTES_BEFORE,
  LOCALE,
  PLAN_INSTALLMENTS,
  PLAN_WEEKLY_MINUTES,
  PlanName,
  QUOTA_RENEWAL,
  REAPPLY_AFTER_REJECTION_MONTHS,
  SESSION_OPENS_BEFORE_MINUTES,
  SESSION_SLOT_LENGTHS,
  SUBSCRIPTION_CANCEL_MAX_LESSONS,
  TIME_ZONE,
  TUTOR_NO_SHOW_MINUTES,
  WITHDRAWAL_MAX_EGP,
  WITHDRAWAL_MIN_EGP,
  WITHDRAWAL_PROCESSING_DAYS,
} from '@talaqa/domain';
import { PLAN_NAMES_AR } from '@talaqa/ui';
import { num } from './document';

/** "دقيقة واحدة", "دقيقتان"... as Arabic counts minutes (3-10 take the plural). */
export function minutesText(count: number): string {
  if (count === 1) return 'دقيقة واحدة';
  if (count === 2) return 'دقيقتين';
  return `${num(count)} ${count % 100 >= 3 && count % 100 <= 10 ? 'دقائق' : 'دقيقة'}`;
}

/** Hours the same way ("ساعتين", "٣ ساعات", "٢٤ ساعة"). */
export function hoursText(count: number): string {
  if (count === 1) return 'ساعة واحدة';
  if (count === 2) return 'ساعتين';
  return `${num(count)} ${count % 100 >= 3 && count % 100 <= 10 ? 'ساعات' : 'ساعة'}`;
}

/** Minutes as a day, whole hours, or minutes, whichever reads naturally. */
export function durationText(minutes: number): string {
  if (minutes === 24 * 60) return 'يوم واحد';
  return minutes % 60 === 0 ? hoursText(minutes / 60) : minutesText(minutes);
}

/** Months the same way ("٣ أشهر"). */
export function monthsText(count: number): string {
  if (count === 1) return 'شهر واحد';
  if (count === 2) return 'شهرين';
  return `${num(count)} ${count % 100 >= 3 && count % 100 <= 10 ? 'أشهر' : 'شهرًا'}`;
}

/** The weekday's Arabic name (0 = Sunday), from the locale rather than a hand-made list. */
const weekdayName = (weekday: number): string =>
  new Intl.DateTimeFormat(LOCALE, { weekday: 'long', timeZone: 'UTC' }).format(
    // 4 January 1970 was a Sunday.
    new Date(Date.UTC(1970, 0, 4 + weekday)),
  );

const time = (hour: number, minute: number): string =>
  new Intl.DateTimeFormat(LOCALE, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(1970, 0, 1, hour, minute)));

const listText = (items: readonly string[]): string =>
  new Intl.ListFormat(LOCALE, { type: 'conjunction' }).format(items);

export const PLAN_LINES: readonly string[] = Object.values(PlanName).map(
  (name) => `${PLAN_NAMES_AR[name]}: ${minutesText(PLAN_WEEKLY_MINUTES[name])} كل أسبوع.`,
);

export const facts = {
  lessonLengths: new Intl.ListFormat(LOCALE, { type: 'disjunction' }).format(
    SESSION_SLOT_LENGTHS.map((length) => minutesText(length)),
  ),
  renewal: `${weekdayName(QUOTA_RENEWAL.weekday)} الساعة ${time(QUOTA_RENEWAL.hour, QUOTA_RENEWAL.minute)} بتوقيت القاهرة`,
  trial: minutesText(FREE_TRIAL_MINUTES),
  freeCancel: durationText(LESSON_FREE_CANCEL_MINUTES),
  grace: minutesText(LESSON_CANCEL_GRACE_MINUTES),
  noShow: minutesText(TUTOR_NO_SHOW_MINUTES),
  roomOpens: minutesText(SESSION_OPENS_BEFORE_MINUTES),
  reminders: listText(
    LESSON_REMINDER_MINUTES_BEFORE.map((minutes) => `قبله ب${durationText(minutes)}`),
  ),
  subscriptionCancelMaxLessons: num(SUBSCRIPTION_CANCEL_MAX_LESSONS),
  installmentsAdvance: listText(PLAN_INSTALLMENTS[PlanName.Advance].map(num)),
  installmentsProfessional: new Intl.ListFormat(LOCALE, { type: 'disjunction' }).format(
    PLAN_INSTALLMENTS[PlanName.Professional].map(num),
  ),
  interview: minutesText(INTERVIEW_MINUTES),
  demo: minutesText(DEMO_SESSION_MINUTES),
  reapply: monthsText(REAPPLY_AFTER_REJECTION_MONTHS),
  withdrawMin: num(WITHDRAWAL_MIN_EGP),
  withdrawMax: num(WITHDRAWAL_MAX_EGP),
  withdrawDays: `${num(WITHDRAWAL_PROCESSING_DAYS.min)} إلى ${num(WITHDRAWAL_PROCESSING_DAYS.max)}`,
  timeZone: TIME_ZONE,
} as const;

/**
 * The minutes policy in one list, said the same way on the terms and in the FAQ (the rules of
 * packages/domain/src/booking/lessons.ts and docs/decisions/287).
 */
export const CANCELLATION_RULES: readonly string[] = [
  `إذا ألغيت الدرس قبل موعده ب${facts.freeCancel} على الأقل، تعود دقائقه كاملة إلى رصيدك.`,
  `إذا ألغيته خلال ${facts.grace} من حجزه (وقبل أن يبدأ)، تعود دقائقه أيضًا، حتى لو كان موعده قريبًا؛ فقد تكون ضغطت بالخطأ.`,
  `إذا ألغيته بعد ذلك، أي قبل موعده بأقل من ${facts.freeCancel}، لا تعود دقائقه، لأن المعلم حجز هذا الوقت لك.`,
  'يمكنك نقل الدرس إلى موعد آخر متاح للمعلم طالما أن إلغاءه كان سيعيد لك دقائقه.',
  'إذا ألغى المعلم الدرس أو ألغته المنصة، تعود إليك دقائقه كاملة في أي وقت قبل نهايته.',
  `إذا لم يدخل المعلم غرفة الدرس خلال ${facts.noShow} من موعد بدايته، يُلغى الدرس تلقائيًا وتعود دقائقه كاملة إليك.`,
  'إذا خرج المعلم قبل نهاية الدرس ولم يعد، تعود إليك دقائق المدة المتبقية.',
  'الدقائق المستردة تعود إلى رصيد الأسبوع الذي حُجز فيه الدرس، ما دام هذا الأسبوع لم ينته بعد.',
  'بعد أن يبدأ الدرس لا يمكن إلغاؤه، وينتهي بحسب حضور الطرفين.',
];

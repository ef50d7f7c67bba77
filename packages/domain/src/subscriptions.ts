/**
 * Subscriptions' weekly minutes, as pure functions of a subscription and the current instant.
 *
 * A paid subscription's quota renews every Saturday at 00:00 in Africa/Cairo, the start of the
 * week the screens display (`cairoWeekBounds`). The consumption stored with a subscription belongs
 * to the quota week that began at `weekStartedAt`; once a later week has begun the stored number
 * is stale and counts as zero. Renewal is therefore exact whenever anyone reads it ("lazy"), and
 * a job that writes the reset down only keeps lists tidy.
 *
 * The free trial is one allowance for the student's lifetime (the spec's 1200 months): it never
 * renews, so once its minutes are used the trial is over and booking needs a subscription.
 *
 * Weeks holding a daylight-saving switch are 167 or 169 hours long; the quota does not care, it
 * only asks which week an instant belongs to.
 */

import { SubscriptionState } from './api/payments';
import { PLAN_PERIOD_MONTHS, PlanPeriod, Weekday } from './enums';
import { addCairoMonths, cairoWeekBounds } from './time';

/**
 * When weekly minutes renew: Saturday 00:00 Africa/Cairo
 * (docs/decisions/097-weekly-renewal.md).
 */
export const QUOTA_RENEWAL = { weekday: Weekday.Saturday, hour: 0, minute: 0 } as const;

/** Minutes of the free trial: one long (30-minute) lesson, once per student. */
export const FREE_TRIAL_MINUTES = 30;

/**
 * A subscription can be cancelled while at most this many of its lessons were booked or taken;
 * one more and it is `subscription-uncancellable` (spec section 4).
 */
export const SUBSCRIPTION_CANCEL_MAX_LESSONS = 2;

/** The fields of a subscription the quota depends on. */
export interface QuotaSubscription {
  period: PlanPeriod;
  weeklyMinutes: number;
  /** Minutes consumed in the quota week that began at `weekStartedAt`. */
  consumedMinutes: number;
  weekStartedAt: Date;
  startsAt: Date;
  endsAt: Date;
  canceledAt?: Date | null;
}

export interface WeeklyQuota {
  /** When the quota week holding `now` began: a Saturday 00:00 in Cairo, or the start. */
  weekStart: Date;
  consumed: number;
  remaining: number;
  /** When the minutes are next restored; null when the subscription ends (or ended) first. */
  nextRenewalAt: Date | null;
}

/** Only paid periods renew; the free trial is a single allowance. */
export const renewsWeekly = (period: PlanPeriod): boolean => period !== PlanPeriod.FreeTrial;

const later = (a: Date, b: Date): Date => (a.getTime() >= b.getTime() ? a : b);

/**
 * The start of the quota week holding `now` for a renewing subscription that starts at
 * `startsAt`: the Cairo week's Saturday 00:00, or the start itself during the first, partial week
 * (which gets the whole weekly quota).
 */
export function quotaWeekStart(startsAt: Date, now: Date): Date {
  return later(cairoWeekBounds(later(now, startsAt)).start, startsAt);
}

/** Where the subscription's weekly minutes stand at `now`. */
export function weeklyQuota(subscription: QuotaSubscription, now: Date): WeeklyQuota {
  const { weeklyMinutes, weekStartedAt, startsAt, endsAt } = subscription;
  const clamp = (minutes: number): number => Math.min(Math.max(minutes, 0), weeklyMinutes);
  if (!renewsWeekly(subscription.period)) {
    const consumed = clamp(subscription.consumedMinutes);
    return {
      weekStart: weekStartedAt,
      consumed,
      remaining: weeklyMinutes - consumed,
      nextRenewalAt: null,
    };
  }
  const current = quotaWeekStart(startsAt, now);
  const stale = weekStartedAt.getTime() < current.getTime();
  const consumed = stale ? 0 : clamp(subscription.consumedMinutes);
  const weekEnd = cairoWeekBounds(later(now, startsAt)).end;
  const renews = !subscription.canceledAt && weekEnd.getTime() < endsAt.getTime();
  return {
    weekStart: stale ? current : weekStartedAt,
    consumed,
    remaining: weeklyMinutes - consumed,
    nextRenewalAt: renews ? weekEnd : null,
  };
}

/** Cancelled wins; otherwise active from the start until the end (exclusive). */
export function subscriptionStateAt(
  subscription: Pick<QuotaSubscription, 'startsAt' | 'endsAt' | 'canceledAt'>,
  now: Date,
): SubscriptionState {
  if (subscription.canceledAt) return SubscriptionState.Canceled;
  return now.getTime() < subscription.endsAt.getTime()
    ? SubscriptionState.Active
    : SubscriptionState.Ended;
}

/** The end of a period starting at `startsAt`, in Cairo calendar months (month 1 ... trial 1200). */
export const subscriptionEndsAt = (startsAt: Date, period: PlanPeriod): Date =>
  addCairoMonths(startsAt, PLAN_PERIOD_MONTHS[period]);

/** Cancelling is refused once more lessons than the maximum were booked or taken. */
export const isSubscriptionCancellable = (lessonCount: number): boolean =>
  lessonCount <= SUBSCRIPTION_CANCEL_MAX_LESSONS;

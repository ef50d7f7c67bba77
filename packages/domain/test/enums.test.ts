import { describe, expect, it } from 'vitest';
import {
  BANKS,
  CAMPAIGN_SOURCES,
  CodePurpose,
  ENGLISH_LEVELS,
  GOVERNORATES,
  Governorate,
  isAdminRole,
  isOneOf,
  PaymentMethod,
  PERIOD_KIND_OF,
  PLAN_INSTALLMENTS,
  PLAN_PERIOD_MONTHS,
  PLAN_PERIODS,
  PLAN_WEEKLY_MINUTES,
  planNameOfWeeklyMinutes,
  planPeriodOfKind,
  RATING_LABEL_KEYS,
  Role,
  ROLES,
  RoomType,
  SessionSlotLength,
  Weekday,
  WEEKDAYS_FROM_SATURDAY,
  WithdrawMethod,
} from '../src/enums';

describe('enumerations keep the spec values', () => {
  it('roles', () => {
    expect(Role).toEqual({
      SuperAdmin: 1,
      RegularAdmin: 2,
      Tutor: 3,
      Student: 4,
      TutorManager: 5,
      Studio: 6,
    });
    expect(ROLES).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ROLES.filter(isAdminRole)).toEqual([Role.SuperAdmin, Role.RegularAdmin]);
  });

  it('governorates are numbered 1-30 in the spec order', () => {
    expect(GOVERNORATES).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
    expect(Governorate.Cairo).toBe(1);
    expect(Governorate.BeniSuef).toBe(10);
    expect(Governorate.Damietta).toBe(26);
    expect(Governorate.GizaCity).toBe(30);
  });

  it('numeric enumerations', () => {
    expect(ENGLISH_LEVELS).toEqual([1, 2, 3, 4, 5, 6]);
    expect(CodePurpose).toEqual({ VerifyWhatsApp: 1, VerifyEmail: 3, ResetPassword: 4 });
    expect(RoomType).toEqual({ General: 1, Lesson: 2, Interview: 3, DemoSession: 4 });
    expect(Weekday.Sunday).toBe(0);
    expect(Weekday.Saturday).toBe(6);
    expect(SessionSlotLength).toEqual({ Short: 15, Long: 30 });
    expect(WithdrawMethod).toEqual({ Wallet: 0, Bank: 1, Instapay: 2 });
    expect(PaymentMethod).toEqual({ Card: 0, EWallet: 1, BankInstallment: 2, Fawry: 3 });
  });

  it('the displayed week starts on Saturday and holds every day once', () => {
    expect(WEEKDAYS_FROM_SATURDAY[0]).toBe(Weekday.Saturday);
    expect([...WEEKDAYS_FROM_SATURDAY].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('string enumerations', () => {
    expect(BANKS).toEqual(['CIB', 'ALEX', 'NBE', 'MISR', 'QNB', 'MASHREQ', 'AAIB']);
    expect(CAMPAIGN_SOURCES).toEqual(['wa', 'sfb', 'syt', 'sig', 'stt', 'sx', 'mpv', 'mtd']);
    expect(Object.values(RATING_LABEL_KEYS)).toEqual([
      'bad',
      'accepted',
      'good',
      'very-good',
      'excellent',
    ]);
  });

  it('plan periods, their months and route words', () => {
    expect(PLAN_PERIODS).toEqual([0, 1, 2, 3]);
    expect(PLAN_PERIODS.map((period) => PLAN_PERIOD_MONTHS[period])).toEqual([1, 3, 12, 1200]);
    for (const period of PLAN_PERIODS) {
      expect(planPeriodOfKind(PERIOD_KIND_OF[period])).toBe(period);
    }
  });

  it('plans: weekly minutes and installments', () => {
    expect(PLAN_WEEKLY_MINUTES).toEqual({ beginning: 60, advance: 120, professional: 230 });
    expect(PLAN_INSTALLMENTS.advance).toEqual([2]);
    expect(PLAN_INSTALLMENTS.professional).toEqual([3, 4]);
    expect(planNameOfWeeklyMinutes(230)).toBe('professional');
    expect(planNameOfWeeklyMinutes(90)).toBeNull();
  });

  it('isOneOf narrows untyped input', () => {
    expect(isOneOf(BANKS, 'NBE')).toBe(true);
    expect(isOneOf(BANKS, 'nbe')).toBe(false);
    expect(isOneOf(ROLES, '3')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import * as domain from '../src';

// The business constants of spec section 9, checked against the spec's own numbers.
describe('business constants (spec section 9)', () => {
  it('money, withdrawals and codes', () => {
    expect(domain.MONEY_SCALER).toBe(100);
    expect(domain.CURRENCY).toBe('EGP');
    expect([domain.WITHDRAWAL_MIN_EGP, domain.WITHDRAWAL_MAX_EGP]).toEqual([100, 50_000]);
    expect([domain.WITHDRAWAL_MIN_PIASTERS, domain.WITHDRAWAL_MAX_PIASTERS]).toEqual([
      10_000, 5_000_000,
    ]);
    expect(domain.WITHDRAWAL_PROCESSING_DAYS).toEqual({ min: 4, max: 5 });
    expect(domain.VERIFICATION_CODE_LENGTH).toBe(5);
  });

  it('sessions, onboarding and lessons', () => {
    expect(domain.INTERVIEW_MINUTES).toBe(30);
    expect(domain.DEMO_SESSION_MINUTES).toBe(30);
    expect(domain.REAPPLY_AFTER_REJECTION_MONTHS).toBe(3);
    expect(domain.INTERVIEW_REBOOK_AFTER_MONTHS).toBe(6);
    expect(domain.DEMO_SESSIONS_PER_TUTOR).toBe(1);
    expect(domain.INTRO_VIDEOS_PER_TUTOR).toBe(1);
    expect(domain.WEEK_MINUTES).toBe(7 * 24 * 60);
    expect(domain.LESSON_REMINDER_MINUTES_BEFORE).toEqual([24 * 60, 60]);
    expect(domain.NOTICE_PERIOD_PLACEHOLDER_MINUTES).toBe(30);
    expect(domain.SESSION_SLOT_LENGTHS).toEqual([15, 30]);
  });

  it('plans', () => {
    expect(domain.PLAN_WEEKLY_MINUTES).toEqual({ beginning: 60, advance: 120, professional: 230 });
  });

  it('client behaviour', () => {
    expect(domain.DEFAULT_PAGE_SIZE).toBe(10);
    expect(domain.TOAST_DURATION_MS).toBe(4000);
    expect(domain.TOAST_POSITION).toBe('top-left');
    expect(domain.SOCKET_TIMEOUT_MS).toBe(20_000);
    expect([domain.SOCKET_RECONNECTION_DELAY_MS, domain.SOCKET_RECONNECTION_DELAY_MAX_MS]).toEqual([
      1000, 5000,
    ]);
    expect(domain.SOCKET_RANDOMIZATION_FACTOR).toBe(0.5);
    expect(domain.UPLOAD_CHUNK_BYTES).toBe(64 * 1024);
    expect(domain.BINARY_SIZE_FACTOR).toBe(1.33);
    expect(domain.BREAKPOINTS).toEqual({ sm: 640, md: 768, lg: 1024, xl: 1280, xxl: 1536 });
    expect(domain.LOCALE).toBe('ar-EG');
    expect(domain.TIME_ZONE).toBe('Africa/Cairo');
    expect(domain.REMEMBER_ME_DEFAULT).toBe(true);
    expect(domain.QUERY_RETRY).toBe(1);
  });

  it('environments and local ports', () => {
    expect(domain.ENVIRONMENTS).toEqual(['local', 'staging', 'production']);
    expect(domain.LOCAL_PORTS).toMatchObject({ api: 4000, messenger: 4002, echo: 4004 });
    expect(domain.API_PREFIX).toBe('/api/v1');
  });
});

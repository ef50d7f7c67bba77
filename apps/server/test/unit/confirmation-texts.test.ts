import { describe, expect, it } from 'vitest';
import { formatMoney, PaymentMethod, PlanPeriod } from '@talaqa/domain';
import type { TransactionRow } from '../../src/db/schema';
import { paymentNoticeEmail } from '../../src/integrations/email';
import {
  addressOf,
  confirmationText,
  lessonInvitation,
} from '../../src/modules/lessons/confirmations';
import { paymentNoticeOf } from '../../src/modules/payments/notices';

/** Wednesday 9 January 2030, 12:00 in Cairo (UTC+2). */
const START = new Date('2030-01-09T10:00:00Z');

describe('lesson confirmation texts', () => {
  const base = { otherName: 'سارة', start: START, duration: 30 };

  it('say the booking on the Cairo clock, in one line opening with «تأكيد:»', () => {
    const student = confirmationText({ ...base, event: 'booked', role: 'student' });
    expect(student).toEqual({
      subject: 'تأكيد حجز درس مع سارة',
      text: 'تأكيد: حُجز درسك مع سارة الأربعاء، ٩ يناير في ١٢:٠٠ م بتوقيت القاهرة، ومدته ٣٠ دقيقة.',
    });
    const tutor = confirmationText({ ...base, event: 'booked', role: 'tutor' });
    expect(tutor.text).toBe(
      'تأكيد: حجز سارة درسًا معك الأربعاء، ٩ يناير في ١٢:٠٠ م بتوقيت القاهرة، ومدته ٣٠ دقيقة.',
    );
    expect(`${student.text}${tutor.text}`).not.toMatch(/\n/);
  });

  it('say where a move came from and went to', () => {
    const moved = confirmationText({
      ...base,
      event: 'moved',
      role: 'tutor',
      previousStart: new Date('2030-01-08T08:30:00Z'),
    });
    expect(moved.subject).toBe('تأكيد نقل درس مع سارة');
    expect(moved.text).toBe(
      'تأكيد: نُقل درسك مع سارة من الثلاثاء، ٨ يناير في ١٠:٣٠ ص إلى الأربعاء، ٩ يناير في ١٢:٠٠ م بتوقيت القاهرة، ومدته ٣٠ دقيقة.',
    );
  });

  it('say who canceled, and the minutes back to the student only', () => {
    const cancel = (role: 'student' | 'tutor', canceledBy: 'student' | 'tutor' | 'self') =>
      confirmationText({ ...base, event: 'canceled', role, canceledBy, minutes: 30 }).text;
    expect(cancel('student', 'tutor')).toBe(
      'تأكيد: أُلغي درسك مع سارة الأربعاء، ٩ يناير في ١٢:٠٠ م بتوقيت القاهرة بطلب المعلم، وعادت ٣٠ دقيقة إلى رصيد أسبوعك.',
    );
    expect(cancel('student', 'student')).toContain('بطلبك، وعادت');
    expect(cancel('tutor', 'student')).toMatch(/بطلب الطالب\.$/);
    expect(cancel('tutor', 'self')).toMatch(/من إدارة طلاقة\.$/);
    // An admin's cancel on a member's behalf (decision 344) says both.
    const byAdmin = (role: 'student' | 'tutor', canceledBy: 'student' | 'tutor') =>
      confirmationText({ ...base, event: 'canceled', role, canceledBy, byAdmin: true }).text;
    expect(byAdmin('student', 'tutor')).toMatch(/من إدارة طلاقة بطلب المعلم\.$/);
    expect(byAdmin('tutor', 'tutor')).toMatch(/من إدارة طلاقة بطلبك\.$/);
    expect(byAdmin('tutor', 'student')).toMatch(/من إدارة طلاقة بطلب الطالب\.$/);
    expect(
      confirmationText({ ...base, event: 'canceled', role: 'student', canceledBy: 'tutor' }).text,
    ).toMatch(/بطلب المعلم\.$/);
  });
});

describe('lesson invitation file', () => {
  const input = {
    lessonId: 7,
    sequence: 12,
    at: new Date('2030-01-05T00:00:00Z'),
    bookedAt: new Date('2030-01-01T00:00:00Z'),
    start: START,
    duration: 30,
    otherName: 'سارة',
    lessonUrl: 'https://talaqa.test/lesson/7',
    uidHost: 'talaqa.test',
    organizer: { name: 'طلاقة', email: 'no-reply@talaqa.test' },
    attendee: { name: 'علي', email: 'ali@example.com' },
  };

  it('is a REQUEST for a booking or a move, a CANCEL for a cancel, of one UID', () => {
    const booked = lessonInvitation({ ...input, event: 'booked' });
    expect(booked.contentType).toBe('text/calendar; charset=utf-8; method=REQUEST');
    expect(booked.content).toContain('METHOD:REQUEST\r\n');
    expect(booked.content).toContain('UID:lesson-7@talaqa.test\r\n');
    expect(booked.content).toContain('SEQUENCE:12\r\n');
    expect(booked.content).toContain('DTEND:20300109T103000Z\r\n');
    const canceled = lessonInvitation({ ...input, event: 'canceled', sequence: 13 });
    expect(canceled.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
    expect(canceled.content).toContain('METHOD:CANCEL\r\n');
    expect(canceled.content).toContain('STATUS:CANCELLED\r\n');
    expect(canceled.content).toContain('UID:lesson-7@talaqa.test\r\n');
  });

  it('takes the organizer address out of EMAIL_FROM', () => {
    expect(addressOf('"طلاقة" <no-reply@talaqa.test>')).toBe('no-reply@talaqa.test');
    expect(addressOf('no-reply@talaqa.test')).toBe('no-reply@talaqa.test');
  });
});

describe('payment notices', () => {
  const row = {
    id: 5,
    orderReference: '3000000000000000001',
    amount: 135_000,
    refundedAmount: 135_000,
    method: PaymentMethod.Card,
    period: PlanPeriod.Quarter,
    couponCode: null,
    paidAt: START,
  } as TransactionRow;
  const found = {
    row,
    buyer: {
      id: 1,
      name: 'علي',
      email: 'ali@example.com',
      emailVerified: true,
      phone: null,
      phoneVerified: false,
      notificationMethod: 'none' as const,
    },
    planWeeklyMinutes: 120,
  };
  const url = 'https://talaqa.test/payments';

  it('a receipt names the number, plan, period, amount in EGP, method and Cairo date', () => {
    const notice = paymentNoticeOf(found, { event: 'paid' }, url, START);
    expect(notice.subject).toBe('إيصال الدفع: الباقة المتقدمة (ثلاثة أشهر)');
    expect(notice.text).toBe(
      `تأكيد: وصلنا ${formatMoney(135_000)} ثمن الباقة المتقدمة (ثلاثة أشهر) برقم العملية 3000000000000000001، شكرًا لك.`,
    );
    expect(notice.details).toEqual([
      ['رقم العملية', '3000000000000000001'],
      ['الباقة', 'الباقة المتقدمة (ثلاثة أشهر)'],
      ['المبلغ', formatMoney(135_000)],
      ['طريقة الدفع', 'بطاقة بنكية'],
      ['تاريخ الدفع', '٩ يناير ٢٠٣٠ في ١٢:٠٠ م بتوقيت القاهرة'],
    ]);
    const email = paymentNoticeEmail(notice);
    expect(email.html).toContain('dir="rtl"');
    expect(email.html).toContain(formatMoney(135_000));
    expect(email.text).toContain(`المبلغ: \u2068${formatMoney(135_000)}\u2069`);
  });

  it('a refund names its amount and the total given back', () => {
    const notice = paymentNoticeOf(
      found,
      { event: 'refunded', refundId: 2, amount: 5_000, total: 5_000, at: START },
      url,
      START,
    );
    expect(notice.subject).toBe(`رد ${formatMoney(5_000)} من دفعتك`);
    expect(notice.text).toContain('إلى وسيلة الدفع (بطاقة بنكية)');
    expect(notice.details).toContainEqual([
      'إجمالي المردود',
      `${formatMoney(5_000)} من ${formatMoney(135_000)}`,
    ]);
  });
});

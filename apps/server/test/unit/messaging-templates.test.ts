import { describe, expect, it } from 'vitest';
import {
  accountNoticeEmail,
  arabicMinutes,
  escapeHtml,
  lessonNoticeEmail,
  passwordResetCodeEmail,
  verificationCodeEmail,
  welcomeEmail,
} from '../../src/integrations/email';
import { normalizePhone } from '../../src/integrations/messaging';
import { telegramCodeMessage, telegramLinkReplies } from '../../src/integrations/telegram';
import {
  lessonNoticeTemplateMessage,
  lessonNoticeTemplateText,
  meetingNoticeTemplateMessage,
  meetingNoticeTemplateText,
} from '../../src/integrations/whatsapp';
import { lessonNoticeText, noticeLinkLabel } from '../../src/modules/lessons';

const HOSTILE = `<script>alert("x")</script>&'`;

describe('e-mail templates', () => {
  const rendered = [
    verificationCodeEmail({ code: '12345', validityMinutes: 10, name: 'منى' }),
    passwordResetCodeEmail({ code: '12345', validityMinutes: 15, name: 'منى' }),
    welcomeEmail({ name: 'منى', appUrl: 'https://app.example.com/' }),
    accountNoticeEmail({
      name: 'منى',
      notice: { kind: 'email-changed', newEmail: 'n@example.com' },
    }),
    accountNoticeEmail({ name: 'منى', notice: { kind: 'reset-codes-capped', perDay: 5 } }),
  ];

  it.each(rendered)('is an Arabic right-to-left document with the brand', ({ html, subject }) => {
    expect(html).toMatch(/^<!doctype html>\s*<html lang="ar" dir="rtl">/);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<body dir="rtl"');
    expect(html).toContain('طلاقة');
    expect(subject).toContain('طلاقة');
    // Inline styles only: mail clients drop style sheets.
    expect(html).not.toMatch(/<style|<link/i);
  });

  it('shows the code big, isolated left-to-right, with its validity in Arabic', () => {
    const { html, text, subject } = verificationCodeEmail({ code: '12345', validityMinutes: 10 });
    expect(html).toMatch(/<span dir="ltr" style="[^"]*font-size:34px[^"]*">12345<\/span>/);
    expect(html).toContain('الرمز صالح لمدة ١٠ دقائق.');
    expect(text).toContain('\u206612345\u2069');
    expect(text).toContain('١٠ دقائق');
    expect(subject).toBe('رمز تأكيد بريدك الإلكتروني في طلاقة');
    expect(html).toContain('مرحبًا،');
  });

  it('says what the reset code is for', () => {
    const { subject, html, text } = passwordResetCodeEmail({ code: '54321', validityMinutes: 1 });
    expect(subject).toContain('كلمة المرور');
    expect(html).toContain('54321');
    expect(text).toContain('دقيقة واحدة');
  });

  it('escapes every interpolated value', () => {
    const code = verificationCodeEmail({ code: HOSTILE, validityMinutes: 5, name: HOSTILE });
    const welcome = welcomeEmail({ name: HOSTILE, appUrl: `https://x.example/?q="><img src=x>` });
    for (const { html } of [code, welcome]) {
      expect(html).not.toContain('<script>');
      expect(html).not.toContain('<img');
      expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;');
    }
    expect(welcome.html).toContain('href="https://x.example/?q=&quot;&gt;&lt;img src=x&gt;"');
  });

  it('tells the old address where the account went, escaped, and the owner of the reset cap', () => {
    const moved = accountNoticeEmail({
      notice: { kind: 'email-changed', newEmail: `${HOSTILE}@example.com` },
    });
    expect(moved.subject).toContain('تغيّر البريد الإلكتروني');
    expect(moved.html).not.toContain('<script>');
    expect(moved.text).toContain(`\u2066${HOSTILE}@example.com\u2069`);
    const capped = accountNoticeEmail({ notice: { kind: 'reset-codes-capped', perDay: 5 } });
    expect(capped.text).toContain('٥ مرات');
    expect(capped.text).toContain('حتى الغد');
  });

  it('refuses a non-web link in the welcome button', () => {
    expect(() => welcomeEmail({ name: 'x', appUrl: 'javascript:alert(1)' })).toThrow(TypeError);
  });
});

describe('lesson notices (decision 299)', () => {
  const notice = {
    name: HOSTILE,
    subject: 'أُلغي درسك لغيابك',
    text: `لم يحضر ${HOSTILE} درسك،\n فأُلغي الدرس.`,
    lessonUrl: 'https://app.example.com/lesson/7',
  };

  it('e-mails the notice right to left, escaped, with the lesson link', () => {
    const { subject, html, text } = lessonNoticeEmail(notice);
    expect(subject).toBe('أُلغي درسك لغيابك');
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(html).not.toContain('<script>');
    expect(html).toContain('href="https://app.example.com/lesson/7"');
    expect(text).toContain('\u2066https://app.example.com/lesson/7\u2069');
    expect(() => lessonNoticeEmail({ ...notice, lessonUrl: 'javascript:alert(1)' })).toThrow(
      TypeError,
    );
  });

  it('fills the WhatsApp template with one-line parameters', () => {
    const message = lessonNoticeTemplateMessage('201001234567', notice, 'lesson_notice', 'ar');
    const params = message.template.components?.[0]?.parameters?.map((p) => p.text) ?? [];
    expect(params).toEqual([
      `لم يحضر ${HOSTILE} درسك، فأُلغي الدرس.`,
      'https://app.example.com/lesson/7',
    ]);
    expect(lessonNoticeTemplateText(params)).toContain(
      'صفحة الدرس: https://app.example.com/lesson/7',
    );
  });
});

describe('interview and demo-session notices (decision 333)', () => {
  const notice = {
    name: 'منى',
    subject: 'تذكير: مقابلتك مع أحمد غدًا',
    text: 'تذكير من طلاقة: مقابلتك مع أحمد غدًا.',
    lessonUrl: 'https://app.example.com/interview/7',
    page: 'interview' as const,
  };

  it('names the page each link opens', () => {
    expect(noticeLinkLabel({})).toBe('صفحة الدرس');
    expect(noticeLinkLabel({ page: 'interview' })).toBe('صفحة المقابلة');
    expect(noticeLinkLabel({ page: 'demo-session' })).toBe('صفحة الجلسة التجريبية');
    expect(lessonNoticeText(notice)).toBe(
      'مرحبًا منى،\nتذكير من طلاقة: مقابلتك مع أحمد غدًا.\nصفحة المقابلة: https://app.example.com/interview/7',
    );
  });

  it('e-mails the interview page under its own name', () => {
    const { html, text } = lessonNoticeEmail({ ...notice, linkLabel: 'صفحة المقابلة' });
    expect(html).toContain('صفحة المقابلة');
    expect(html).not.toContain('صفحة الدرس');
    expect(text).toContain('صفحة المقابلة: \u2066https://app.example.com/interview/7\u2069');
    // Without a label the link keeps the lesson's name.
    expect(lessonNoticeEmail(notice).text).toContain('صفحة الدرس: ');
  });

  it('fills the meeting WhatsApp template, worded as an appointment', () => {
    const message = meetingNoticeTemplateMessage(
      '201001234567',
      { text: notice.text, url: notice.lessonUrl },
      'ar',
    );
    expect(message.template.name).toBe('meeting_notice');
    const params = message.template.components?.[0]?.parameters?.map((p) => p.text) ?? [];
    expect(params).toEqual([notice.text, notice.lessonUrl]);
    const shown = meetingNoticeTemplateText(params);
    expect(shown).toBe(
      'من طلاقة بشأن موعدك: تذكير من طلاقة: مقابلتك مع أحمد غدًا. صفحة الموعد: https://app.example.com/interview/7',
    );
    expect(shown).not.toContain('درس');
  });
});

describe('arabicMinutes', () => {
  it.each([
    [1, 'دقيقة واحدة'],
    [2, 'دقيقتين'],
    [3, '٣ دقائق'],
    [10, '١٠ دقائق'],
    [15, '١٥ دقيقة'],
    [100, '١٠٠ دقيقة'],
  ])('%i -> %s', (minutes, words) => {
    expect(arabicMinutes(minutes)).toBe(words);
  });
});

describe('escapeHtml', () => {
  it('escapes the five special characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('normalizePhone', () => {
  it.each([
    ['+201001234567', '+201001234567'],
    ['+20 100 123 4567', '+201001234567'],
    ['00201001234567', '+201001234567'],
    ['201001234567', '+201001234567'],
    ['(+20) 100-123-4567', '+201001234567'],
  ])('%s -> %s', (input, output) => {
    expect(normalizePhone(input)).toBe(output);
  });

  it.each(['', '01001234567x', '+0123456789', '+12', '+1234567890123456'])(
    'rejects %j',
    (input) => {
      expect(normalizePhone(input)).toBeUndefined();
    },
  );
});

describe('Telegram texts', () => {
  it('puts the code in a copyable <code> and names the purpose', () => {
    const text = telegramCodeMessage('12345', 'verify-phone', 10);
    expect(text).toContain('<code>12345</code>');
    expect(text).toContain('رقم هاتفك');
    expect(telegramCodeMessage('1<2', 'reset-password', 5)).toContain('<code>1&lt;2</code>');
  });

  it('asks for the contact with a request_contact keyboard button', () => {
    const { replyMarkup } = telegramLinkReplies.askForContact();
    expect(replyMarkup).toMatchObject({
      keyboard: [[{ request_contact: true }]],
      one_time_keyboard: true,
    });
    expect(telegramLinkReplies.linked().replyMarkup).toEqual({ remove_keyboard: true });
  });
});

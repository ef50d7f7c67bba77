import { arabicMinutes } from '../messaging';
import { escapeHtml } from './html';

export { arabicMinutes };

/** A rendered e-mail: what `EmailSender.send` needs besides the recipient. */
export interface EmailContent {
  subject: string;
  html: string;
  text: string;
}

export const BRAND_NAME = 'طلاقة';
const BRAND_COLOR = '#0f766e';
const FONT_STACK = "Tahoma, 'Segoe UI', Arial, sans-serif";

const arabicYear = new Intl.NumberFormat('ar-EG', { useGrouping: false });

const greeting = (name: string | undefined): string =>
  name?.trim() ? `مرحبًا ${name.trim()}،` : 'مرحبًا،';

interface LayoutParts {
  /** Hidden preview line shown by mail clients next to the subject. */
  preheader: string;
  /** Trusted HTML built by the templates below (every interpolation already escaped). */
  bodyHtml: string;
}

/** The shared frame: RTL, inline styles only (mail clients drop <style>), brand and footer. */
function layout(subject: string, { preheader, bodyHtml }: LayoutParts): string {
  const year = arabicYear.format(new Date().getUTCFullYear());
  return `<!doctype html>
<html lang="ar" dir="rtl">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(subject)}</title>
</head>
<body dir="rtl" style="margin:0;padding:0;background:#f4f6fb;direction:rtl;text-align:right;font-family:${FONT_STACK};color:#1f2937;">
<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${escapeHtml(preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" dir="rtl" style="background:#f4f6fb;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" dir="rtl" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden;">
<tr><td style="background:${BRAND_COLOR};padding:20px 24px;text-align:right;">
<span style="font-size:26px;font-weight:bold;color:#ffffff;font-family:${FONT_STACK};">${BRAND_NAME}</span>
<span style="display:block;font-size:13px;color:#ccfbf1;margin-top:4px;">تعلّم الإنجليزية مع معلمين تثق بهم</span>
</td></tr>
<tr><td style="padding:28px 24px;font-size:16px;line-height:1.8;text-align:right;">
${bodyHtml}
</td></tr>
<tr><td style="padding:16px 24px;background:#f9fafb;font-size:12px;line-height:1.7;color:#6b7280;text-align:right;">
وصلتك هذه الرسالة لأن عنوان بريدك مسجّل في ${BRAND_NAME}. إن لم تطلبها فتجاهلها، ولن يتغيّر شيء في حسابك.<br>
© ${year} ${BRAND_NAME}. فريق ${BRAND_NAME} لن يطلب منك رمز التحقق أبدًا.
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

const paragraph = (html: string): string => `<p style="margin:0 0 16px;">${html}</p>`;

/** The code in Latin digits, isolated left-to-right, large and spaced for reading aloud. */
const codeBlock = (code: string): string =>
  `<div style="margin:8px 0 20px;text-align:center;">
<span dir="ltr" style="display:inline-block;unicode-bidi:isolate;direction:ltr;font-family:'Courier New',monospace;font-size:34px;font-weight:bold;letter-spacing:8px;color:${BRAND_COLOR};background:#f0fdfa;border:1px dashed ${BRAND_COLOR};border-radius:10px;padding:12px 24px;">${escapeHtml(code)}</span>
</div>`;

const button = (href: string, label: string): string =>
  `<div style="margin:8px 0 20px;text-align:center;">
<a href="${escapeHtml(href)}" style="display:inline-block;background:${BRAND_COLOR};color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 28px;border-radius:8px;">${escapeHtml(label)}</a>
</div>`;

/** Plain-text alternative: the same words, the code on its own line between LTR marks. */
const LRI = '\u2066';
const PDI = '\u2069';
const plain = (lines: string[]): string =>
  [...lines, '', `— ${BRAND_NAME}`, `فريق ${BRAND_NAME} لن يطلب منك رمز التحقق أبدًا.`].join('\n');

export interface CodeEmailInput {
  code: string;
  validityMinutes: number;
  name?: string | undefined;
}

export function verificationCodeEmail({
  code,
  validityMinutes,
  name,
}: CodeEmailInput): EmailContent {
  const subject = `رمز تأكيد بريدك الإلكتروني في ${BRAND_NAME}`;
  const validity = `الرمز صالح لمدة ${arabicMinutes(validityMinutes)}.`;
  const html = layout(subject, {
    preheader: `رمز التأكيد صالح لمدة ${arabicMinutes(validityMinutes)}.`,
    bodyHtml: [
      paragraph(escapeHtml(greeting(name))),
      paragraph('لتأكيد بريدك الإلكتروني، اكتب هذا الرمز في الصفحة التي طلبته منها:'),
      codeBlock(code),
      paragraph(escapeHtml(validity)),
      paragraph('لا تشارك هذا الرمز مع أي شخص.'),
    ].join('\n'),
  });
  const text = plain([
    greeting(name),
    '',
    'لتأكيد بريدك الإلكتروني، اكتب هذا الرمز في الصفحة التي طلبته منها:',
    `${LRI}${code}${PDI}`,
    validity,
    'لا تشارك هذا الرمز مع أي شخص.',
  ]);
  return { subject, html, text };
}

export function passwordResetCodeEmail({
  code,
  validityMinutes,
  name,
}: CodeEmailInput): EmailContent {
  const subject = `رمز إعادة تعيين كلمة المرور في ${BRAND_NAME}`;
  const validity = `الرمز صالح لمدة ${arabicMinutes(validityMinutes)}.`;
  const html = layout(subject, {
    preheader: 'طلب إعادة تعيين كلمة المرور لحسابك.',
    bodyHtml: [
      paragraph(escapeHtml(greeting(name))),
      paragraph('وصلنا طلب لإعادة تعيين كلمة المرور لحسابك. استخدم هذا الرمز لإكمال الطلب:'),
      codeBlock(code),
      paragraph(escapeHtml(validity)),
      paragraph(
        'إن لم تطلب إعادة التعيين فتجاهل هذه الرسالة؛ كلمة مرورك الحالية تبقى كما هي. لا تشارك هذا الرمز مع أي شخص.',
      ),
    ].join('\n'),
  });
  const text = plain([
    greeting(name),
    '',
    'وصلنا طلب لإعادة تعيين كلمة المرور لحسابك. استخدم هذا الرمز لإكمال الطلب:',
    `${LRI}${code}${PDI}`,
    validity,
    'إن لم تطلب إعادة التعيين فتجاهل هذه الرسالة؛ كلمة مرورك الحالية تبقى كما هي.',
  ]);
  return { subject, html, text };
}

/** Security notices to an account's owner (issue 15); no code, nothing to click. */
export type AccountNotice =
  /** The account's address changed to `newEmail`; sent to the old address. */
  | { kind: 'email-changed'; newEmail: string }
  /** Too many reset codes died of wrong tries today; no more are sent until tomorrow. */
  | { kind: 'reset-codes-capped'; perDay: number }
  /** An admin invites the address to sign up as `roleName` through `link` (record 343). */
  | { kind: 'invite'; roleName: string; link: string; validDays: number };

const arabicCount = new Intl.NumberFormat('ar-EG');

export function accountNoticeEmail({
  name,
  notice,
}: {
  name?: string | undefined;
  notice: AccountNotice;
}): EmailContent {
  if (notice.kind === 'invite') return inviteEmail(notice);
  const subject =
    notice.kind === 'email-changed'
      ? `تغيّر البريد الإلكتروني لحسابك في ${BRAND_NAME}`
      : `محاولات كثيرة لإعادة تعيين كلمة مرورك في ${BRAND_NAME}`;
  const lines =
    notice.kind === 'email-changed'
      ? [
          'تغيّر عنوان البريد الإلكتروني لحسابك، وصار العنوان الجديد:',
          `${LRI}${notice.newEmail}${PDI}`,
          'لن تصل رسائل الحساب إلى هذا العنوان بعد الآن. إن لم تغيّره أنت فتواصل مع فريق الدعم فورًا.',
        ]
      : [
          `أخطأ أحدهم في رموز إعادة تعيين كلمة مرورك ${arabicCount.format(notice.perDay)} مرات اليوم، فأوقفنا إرسال رموز جديدة حتى الغد حمايةً لحسابك.`,
          'كلمة مرورك لم تتغيّر. إن لم تكن أنت من حاول فلا تفعل شيئًا، وإن كنت أنت فحاول غدًا.',
        ];
  const html = layout(subject, {
    preheader: lines[0] ?? subject,
    bodyHtml: [
      paragraph(escapeHtml(greeting(name))),
      ...lines.map((line) => paragraph(escapeHtml(line))),
    ].join('\n'),
  });
  return { subject, html, text: plain([greeting(name), '', ...lines]) };
}

/** The invite: who the person will be, the button to the sign-up page, how long it works. */
function inviteEmail(notice: Extract<AccountNotice, { kind: 'invite' }>): EmailContent {
  if (!/^https?:\/\//i.test(notice.link)) throw new TypeError('inviteEmail: link must be http(s)');
  const subject = `دعوة للانضمام إلى ${BRAND_NAME} بصفة ${notice.roleName}`;
  const intro = `يدعوك فريق ${BRAND_NAME} لإنشاء حسابك بصفة ${notice.roleName}.`;
  const validity = `الرابط صالح لمرة واحدة خلال ${arabicCount.format(notice.validDays)} أيام. إن لم تكن تنتظر هذه الدعوة فتجاهلها.`;
  const html = layout(subject, {
    preheader: intro,
    bodyHtml: [
      paragraph(escapeHtml(greeting(undefined))),
      paragraph(escapeHtml(intro)),
      button(notice.link, 'أنشئ حسابك'),
      paragraph(escapeHtml(validity)),
    ].join('\n'),
  });
  return {
    subject,
    html,
    text: plain([greeting(undefined), '', intro, '', `${LRI}${notice.link}${PDI}`, '', validity]),
  };
}

export interface WelcomeEmailInput {
  name: string;
  /** Where the button leads: the app's home or its first step. */
  appUrl: string;
}

export function welcomeEmail({ name, appUrl }: WelcomeEmailInput): EmailContent {
  if (!/^https?:\/\//i.test(appUrl)) throw new TypeError('welcomeEmail: appUrl must be http(s)');
  const subject = `أهلًا بك في ${BRAND_NAME}`;
  const html = layout(subject, {
    preheader: 'حسابك جاهز، ابدأ رحلتك مع الإنجليزية.',
    bodyHtml: [
      paragraph(escapeHtml(greeting(name))),
      paragraph(
        `سعداء بانضمامك إلى ${BRAND_NAME}. حسابك جاهز الآن: اختر معلمك، واحجز أول حصة، وتحدّث الإنجليزية بثقة.`,
      ),
      button(appUrl, 'ابدأ الآن'),
      paragraph(
        'إن لم يعمل الزر فانسخ هذا الرابط في المتصفح:<br>' +
          `<span dir="ltr" style="unicode-bidi:isolate;word-break:break-all;">${escapeHtml(appUrl)}</span>`,
      ),
    ].join('\n'),
  });
  const text = plain([
    greeting(name),
    '',
    `سعداء بانضمامك إلى ${BRAND_NAME}. حسابك جاهز الآن: اختر معلمك، واحجز أول حصة، وتحدّث الإنجليزية بثقة.`,
    `ابدأ الآن: ${LRI}${appUrl}${PDI}`,
  ]);
  return { subject, html, text };
}

export interface LessonReminderEmailInput {
  /** The recipient's name. */
  name: string;
  /** The other side of the lesson: the tutor for a student, the student for a tutor. */
  otherName: string;
  /** "غدًا" or "بعد ساعة". */
  when: string;
  /** The start on the Cairo clock, in words. */
  start: string;
  /** The length, in words. */
  duration: string;
  /** The lesson's page in the web app. */
  lessonUrl: string;
}

export function lessonReminderEmail(input: LessonReminderEmailInput): EmailContent {
  if (!/^https?:\/\//i.test(input.lessonUrl)) {
    throw new TypeError('lessonReminderEmail: lessonUrl must be http(s)');
  }
  const subject = `تذكير: درسك مع ${input.otherName} ${input.when}`;
  const line = `درسك في الإنجليزية مع ${input.otherName} ${input.when}، ${input.start} بتوقيت القاهرة، ومدته ${input.duration}.`;
  const html = layout(subject, {
    preheader: line,
    bodyHtml: [
      paragraph(escapeHtml(greeting(input.name))),
      paragraph(escapeHtml(line)),
      button(input.lessonUrl, 'صفحة الدرس'),
      paragraph(
        'إن لم يعمل الزر فانسخ هذا الرابط في المتصفح:<br>' +
          `<span dir="ltr" style="unicode-bidi:isolate;word-break:break-all;">${escapeHtml(input.lessonUrl)}</span>`,
      ),
    ].join('\n'),
  });
  const text = plain([
    greeting(input.name),
    '',
    line,
    `صفحة الدرس: ${LRI}${input.lessonUrl}${PDI}`,
  ]);
  return { subject, html, text };
}

export interface LessonNoticeEmailInput {
  /** The recipient's name. */
  name: string;
  /** The subject line. */
  subject: string;
  /** The notice in one or two sentences. */
  text: string;
  /** The lesson's page in the web app (or the interview's, the demo session's). */
  lessonUrl: string;
  /** The link's name: "صفحة الدرس" unless the notice is about another page (decision 333). */
  linkLabel?: string;
}

/** What the room's attendance did to a lesson: a no-show, or minutes back (decision 299). */
export function lessonNoticeEmail(input: LessonNoticeEmailInput): EmailContent {
  if (!/^https?:\/\//i.test(input.lessonUrl)) {
    throw new TypeError('lessonNoticeEmail: lessonUrl must be http(s)');
  }
  const linkLabel = input.linkLabel ?? 'صفحة الدرس';
  const html = layout(input.subject, {
    preheader: input.text,
    bodyHtml: [
      paragraph(escapeHtml(greeting(input.name))),
      paragraph(escapeHtml(input.text)),
      button(input.lessonUrl, linkLabel),
      paragraph(
        'إن لم يعمل الزر فانسخ هذا الرابط في المتصفح:<br>' +
          `<span dir="ltr" style="unicode-bidi:isolate;word-break:break-all;">${escapeHtml(input.lessonUrl)}</span>`,
      ),
    ].join('\n'),
  });
  const text = plain([
    greeting(input.name),
    '',
    input.text,
    `${linkLabel}: ${LRI}${input.lessonUrl}${PDI}`,
  ]);
  return { subject: input.subject, html, text };
}

export interface ChatNoticeEmailInput {
  /** The recipient's name. */
  name: string;
  /** Who wrote the newest unread message. */
  senderName: string;
  /** How many messages are unread, in Arabic words. */
  unread: string;
  /** The start of the newest unread message. */
  excerpt: string;
  /** The room in the web app. */
  roomUrl: string;
}

/** An offline chat notification (one per room per quiet period, decision 271). */
export function chatNoticeEmail(input: ChatNoticeEmailInput): EmailContent {
  if (!/^https?:\/\//i.test(input.roomUrl)) {
    throw new TypeError('chatNoticeEmail: roomUrl must be http(s)');
  }
  const subject = `رسائل جديدة من ${input.senderName} على ${BRAND_NAME}`;
  const line = `لديك ${input.unread} لم تقرأها بعد من ${input.senderName}. آخرها:`;
  const html = layout(subject, {
    preheader: line,
    bodyHtml: [
      paragraph(escapeHtml(greeting(input.name))),
      paragraph(escapeHtml(line)),
      paragraph(`«${escapeHtml(input.excerpt)}»`),
      button(input.roomUrl, 'افتح المحادثة'),
      paragraph(
        'إن لم يعمل الزر فانسخ هذا الرابط في المتصفح:<br>' +
          `<span dir="ltr" style="unicode-bidi:isolate;word-break:break-all;">${escapeHtml(input.roomUrl)}</span>`,
      ),
    ].join('\n'),
  });
  const text = plain([
    greeting(input.name),
    '',
    line,
    `«${input.excerpt}»`,
    `افتح المحادثة: ${LRI}${input.roomUrl}${PDI}`,
  ]);
  return { subject, html, text };
}

export interface PaymentNoticeEmailInput {
  /** The recipient's name. */
  name: string;
  subject: string;
  /** What happened, in one or two sentences. */
  text: string;
  /** The receipt's lines, label then value (values may be Latin: numbers, references). */
  details: readonly (readonly [string, string])[];
  /** The student's payments page in the web app. */
  paymentsUrl: string;
}

/** A payment's receipt, or its refund (decision 302): the sentence, a table of details, a link. */
export function paymentNoticeEmail(input: PaymentNoticeEmailInput): EmailContent {
  if (!/^https?:\/\//i.test(input.paymentsUrl)) {
    throw new TypeError('paymentNoticeEmail: paymentsUrl must be http(s)');
  }
  const rows = input.details
    .map(
      ([label, value]) =>
        `<tr><td style="padding:6px 0;color:#6b7280;white-space:nowrap;">${escapeHtml(label)}</td><td style="padding:6px 12px 6px 0;font-weight:bold;"><bdi>${escapeHtml(value)}</bdi></td></tr>`,
    )
    .join('\n');
  const html = layout(input.subject, {
    preheader: input.text,
    bodyHtml: [
      paragraph(escapeHtml(greeting(input.name))),
      paragraph(escapeHtml(input.text)),
      `<table role="presentation" dir="rtl" cellpadding="0" cellspacing="0" style="margin:0 0 20px;font-size:15px;">\n${rows}\n</table>`,
      button(input.paymentsUrl, 'مدفوعاتي'),
      paragraph(
        'إن لم يعمل الزر فانسخ هذا الرابط في المتصفح:<br>' +
          `<span dir="ltr" style="unicode-bidi:isolate;word-break:break-all;">${escapeHtml(input.paymentsUrl)}</span>`,
      ),
    ].join('\n'),
  });
  const text = plain([
    greeting(input.name),
    '',
    input.text,
    '',
    // First-strong isolation: an Arabic value reads right to left, a number left to right.
    ...input.details.map(([label, value]) => `${label}: \u2068${value}${PDI}`),
    '',
    `مدفوعاتي: ${LRI}${input.paymentsUrl}${PDI}`,
  ]);
  return { subject: input.subject, html, text };
}

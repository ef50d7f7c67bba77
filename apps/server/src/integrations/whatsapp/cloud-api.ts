import { z } from 'zod';
import { MessagingError, normalizePhone } from '../messaging';
import type { CodePurpose, PhoneMessenger } from '../messaging';
import { WHATSAPP_DEFAULT_API_VERSION } from './versions';

/** WhatsApp Business Cloud API (Graph API) defaults. */
export const WHATSAPP_DEFAULT_API_URL = 'https://graph.facebook.com';
export { WHATSAPP_DEFAULT_API_VERSION };

export interface WhatsAppCloudOptions {
  /** Graph API origin; the local simulator's URL in development. */
  apiUrl?: string;
  /** `v26.0`: the Graph API version the template and phone number are used with. */
  apiVersion?: string;
  /** The business phone number's id (not the number itself). */
  phoneNumberId: string;
  /** A system-user access token with whatsapp_business_messaging. */
  accessToken: string;
  /** An approved AUTHENTICATION template with a copy-code button. */
  templateName: string;
  /** The template's language; `ar` for our Arabic template. */
  languageCode?: string;
  /** The approved lesson reminder template (default `lesson_reminder`), same language. */
  reminderTemplateName?: string | undefined;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** The request body of `POST /{version}/{phone-number-id}/messages`. */
export const cloudTemplateMessageSchema = z.object({
  messaging_product: z.literal('whatsapp'),
  recipient_type: z.literal('individual').optional(),
  to: z.string().min(1),
  type: z.literal('template'),
  template: z.object({
    name: z.string().min(1),
    language: z.object({ code: z.string().min(1), policy: z.literal('deterministic').optional() }),
    components: z
      .array(
        z.object({
          type: z.enum(['header', 'body', 'button', 'footer']),
          sub_type: z.string().optional(),
          index: z.union([z.string(), z.number()]).optional(),
          parameters: z.array(z.object({ type: z.literal('text'), text: z.string() })).optional(),
        }),
      )
      .optional(),
  }),
});
export type CloudTemplateMessage = z.infer<typeof cloudTemplateMessageSchema>;

export const cloudSendResponseSchema = z.object({
  messaging_product: z.literal('whatsapp'),
  contacts: z.array(z.object({ input: z.string(), wa_id: z.string() })),
  messages: z
    .array(z.object({ id: z.string().min(1), message_status: z.string().optional() }))
    .min(1),
});
export type CloudSendResponse = z.infer<typeof cloudSendResponseSchema>;

/** Graph API errors: `{ error: { message, type, code, error_subcode?, error_data?, fbtrace_id } }`. */
export const graphErrorSchema = z.object({
  error: z.object({
    message: z.string(),
    type: z.string().optional(),
    code: z.number(),
    error_subcode: z.number().optional(),
    error_data: z
      .object({ messaging_product: z.string().optional(), details: z.string().optional() })
      .optional(),
    fbtrace_id: z.string().optional(),
  }),
});
export type GraphError = z.infer<typeof graphErrorSchema>['error'];

/**
 * The message for an authentication template with a copy-code button: the code is the body's
 * one parameter and, again, the URL button's (index 0), which is how the copy-code button is
 * addressed when sending.
 */
export function authenticationTemplateMessage(
  to: string,
  code: string,
  templateName: string,
  languageCode: string,
): CloudTemplateMessage {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to,
    type: 'template',
    template: {
      name: templateName,
      language: { code: languageCode },
      components: [
        { type: 'body', parameters: [{ type: 'text', text: code }] },
        { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: code }] },
      ],
    },
  };
}

/**
 * The lesson reminder: a UTILITY template (business-initiated messages outside a conversation
 * need an approved template), approved in the same language as the code template. Its body's
 * five parameters, in order: the other person's name, when ("غدًا" or "بعد ساعة"), the start on
 * the Cairo clock, the length, and the lesson page's link.
 */
export const LESSON_REMINDER_TEMPLATE = 'lesson_reminder';
export const LESSON_REMINDER_PARAMS = 5;

/** The approved wording of `lesson_reminder` (what WhatsApp shows with the parameters filled). */
export function lessonReminderTemplateText(params: readonly string[]): string {
  const at = (index: number): string => params[index] ?? '';
  return `تذكير من طلاقة: درسك في الإنجليزية مع ${at(0)} ${at(1)}، ${at(2)} بتوقيت القاهرة، ومدته ${at(3)}. صفحة الدرس: ${at(4)}`;
}

export interface LessonReminderParams {
  otherName: string;
  when: string;
  start: string;
  duration: string;
  lessonUrl: string;
}

/** The message for the lesson reminder template: body parameters only, no button. */
export function lessonReminderTemplateMessage(
  to: string,
  reminder: LessonReminderParams,
  templateName: string,
  languageCode: string,
): CloudTemplateMessage {
  const { otherName, when, start, duration, lessonUrl } = reminder;
  return bodyTemplateMessage(to, templateName, languageCode, [
    otherName,
    when,
    start,
    duration,
    lessonUrl,
  ]);
}

/**
 * The offline chat notification (decision 271): a UTILITY template like the reminder, same
 * language. Its body's three parameters: who wrote, how many unread messages (in words), and
 * the room's link. The message's own text is not sent: a template parameter is no place for
 * what a user typed (WhatsApp refuses new lines and long runs of spaces in it).
 */
export const CHAT_NOTICE_TEMPLATE = 'chat_unread';
export const CHAT_NOTICE_PARAMS = 3;

/** The approved wording of `chat_unread`. */
export function chatNoticeTemplateText(params: readonly string[]): string {
  const at = (index: number): string => params[index] ?? '';
  return `لديك ${at(1)} لم تقرأها بعد من ${at(0)} على طلاقة. للرد افتح المحادثة: ${at(2)}`;
}

export interface ChatNoticeParams {
  senderName: string;
  unread: string;
  roomUrl: string;
}

/**
 * A template message whose body takes `parameters` in order: no header, no button. A parameter
 * may not hold new lines, tabs or more than four spaces in a row, so white space runs become one
 * space.
 */
function bodyTemplateMessage(
  to: string,
  templateName: string,
  languageCode: string,
  parameters: readonly string[],
): CloudTemplateMessage {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to,
    type: 'template',
    template: {
      name: templateName,
      language: { code: languageCode },
      components: [
        {
          type: 'body',
          parameters: parameters.map((value) => ({
            type: 'text' as const,
            text: value.replace(/\s+/g, ' '),
          })),
        },
      ],
    },
  };
}

/** The message for the chat notification template: body parameters only. */
export function chatNoticeTemplateMessage(
  to: string,
  notice: ChatNoticeParams,
  templateName: string,
  languageCode: string,
): CloudTemplateMessage {
  const { senderName, unread, roomUrl } = notice;
  return bodyTemplateMessage(to, templateName, languageCode, [senderName, unread, roomUrl]);
}

/**
 * What the room's attendance did to a lesson (decision 299: the tutor did not come, or left
 * early): a UTILITY template like the reminder, same language. Its body's two parameters: the
 * notice's sentence (our own text, one line) and the lesson page's link.
 */
export const LESSON_NOTICE_TEMPLATE = 'lesson_notice';
export const LESSON_NOTICE_PARAMS = 2;

/** The approved wording of `lesson_notice`. */
export function lessonNoticeTemplateText(params: readonly string[]): string {
  const at = (index: number): string => params[index] ?? '';
  return `من طلاقة بشأن درسك: ${at(0)} صفحة الدرس: ${at(1)}`;
}

export interface LessonNoticeParams {
  /** The notice in one sentence. */
  text: string;
  lessonUrl: string;
}

/** The message for the lesson notice template: body parameters only. */
export function lessonNoticeTemplateMessage(
  to: string,
  notice: LessonNoticeParams,
  templateName: string,
  languageCode: string,
): CloudTemplateMessage {
  return bodyTemplateMessage(to, templateName, languageCode, [notice.text, notice.lessonUrl]);
}

/**
 * A payment's receipt or refund (decision 302): a UTILITY template like `lesson_notice`, same
 * language. Its body's two parameters: the message's sentence (our own text, one line) and the
 * payments page's link.
 */
export const PAYMENT_NOTICE_TEMPLATE = 'payment_notice';
export const PAYMENT_NOTICE_PARAMS = 2;

/** The approved wording of `payment_notice`. */
export function paymentNoticeTemplateText(params: readonly string[]): string {
  const at = (index: number): string => params[index] ?? '';
  return `من طلاقة بشأن مدفوعاتك: ${at(0)} التفاصيل: ${at(1)}`;
}

export interface PaymentNoticeParams {
  /** The notice in one sentence. */
  text: string;
  /** The payments page. */
  url: string;
}

/** The message for the payment notice template: the lesson notice's shape, another name. */
export function paymentNoticeTemplateMessage(
  to: string,
  notice: PaymentNoticeParams,
  languageCode: string,
): CloudTemplateMessage {
  return bodyTemplateMessage(to, PAYMENT_NOTICE_TEMPLATE, languageCode, [notice.text, notice.url]);
}

/**
 * An interview's or demo session's notice (docs/decisions/333-meeting-notice-wording.md): the
 * `lesson_notice` shape, but its approved wording speaks of an appointment, not a lesson, so a
 * tutor manager and a new tutor do not read "درسك". Body: our sentence and the meeting's link.
 */
export const MEETING_NOTICE_TEMPLATE = 'meeting_notice';
export const MEETING_NOTICE_PARAMS = 2;

/** The approved wording of `meeting_notice`. */
export function meetingNoticeTemplateText(params: readonly string[]): string {
  const at = (index: number): string => params[index] ?? '';
  return `من طلاقة بشأن موعدك: ${at(0)} صفحة الموعد: ${at(1)}`;
}

export interface MeetingNoticeParams {
  /** The notice in one sentence. */
  text: string;
  /** The interview's or demo session's page. */
  url: string;
}

/** The message for the meeting notice template: body parameters only. */
export function meetingNoticeTemplateMessage(
  to: string,
  notice: MeetingNoticeParams,
  languageCode: string,
): CloudTemplateMessage {
  return bodyTemplateMessage(to, MEETING_NOTICE_TEMPLATE, languageCode, [notice.text, notice.url]);
}

/** Cannot be delivered to this number: not on WhatsApp, or (test numbers) not allowed. */
const UNRESOLVED_CODES = new Set([
  131026, // Message undeliverable: not a WhatsApp user, old client, terms not accepted
  131030, // Recipient phone number not in allowed list (a test business number)
]);
const PHONE_HINT = /\b(to|phone|recipient|wa_id)\b/i;

/** Maps a Graph API error (and its HTTP status) onto our three kinds. */
export function classifyCloudError(error: GraphError, status: number): MessagingError {
  const text = `${error.message} ${error.error_data?.details ?? ''}`;
  const base = `WhatsApp Cloud API error ${error.code}${error.error_subcode ? `/${error.error_subcode}` : ''}: ${error.message}`;
  const options = { providerCode: error.code };
  if (UNRESOLVED_CODES.has(error.code))
    return new MessagingError('unresolved-phone', base, options);
  if (error.code === 131021) return new MessagingError('invalid-phone', base, options);
  // 100 with subcode 33 is our phone-number id being wrong: configuration, not the user's number.
  const aboutNumber = (error.code === 131009 || error.code === 100) && error.error_subcode !== 33;
  if (status < 500 && aboutNumber && PHONE_HINT.test(text)) {
    return new MessagingError('invalid-phone', base, options);
  }
  return new MessagingError('unavailable', base, options);
}

export interface WhatsAppCloudSender
  extends
    PhoneMessenger,
    WhatsAppReminderSender,
    WhatsAppChatNoticeSender,
    WhatsAppLessonNoticeSender,
    WhatsAppPaymentNoticeSender,
    WhatsAppMeetingNoticeSender {
  /** The URL messages are posted to (for logs and tests). */
  readonly endpoint: string;
}

/** Sends the lesson reminder template to a phone. */
export interface WhatsAppReminderSender {
  sendLessonReminder(
    phoneE164: string,
    reminder: LessonReminderParams,
  ): Promise<{ messageId: string }>;
}

/** Sends the offline chat notification template to a phone. */
export interface WhatsAppChatNoticeSender {
  sendChatNotice(phoneE164: string, notice: ChatNoticeParams): Promise<{ messageId: string }>;
}

/** Sends the lesson notice template (no-show, early leave) to a phone. */
export interface WhatsAppLessonNoticeSender {
  sendLessonNotice(phoneE164: string, notice: LessonNoticeParams): Promise<{ messageId: string }>;
}

/** Sends the payment notice template (receipt, refund) to a phone. */
export interface WhatsAppPaymentNoticeSender {
  sendPaymentNotice(phoneE164: string, notice: PaymentNoticeParams): Promise<{ messageId: string }>;
}

/** Sends the meeting notice template (an interview's or demo session's reminder) to a phone. */
export interface WhatsAppMeetingNoticeSender {
  sendMeetingNotice(phoneE164: string, notice: MeetingNoticeParams): Promise<{ messageId: string }>;
}

/**
 * The real adapter: one authentication-template message per code through the Cloud API (the
 * purpose is not sent: authentication templates have fixed text, it stays in our records), and
 * the lesson reminder template.
 */
export function createWhatsAppCloudSender(options: WhatsAppCloudOptions): WhatsAppCloudSender {
  const apiUrl = (options.apiUrl ?? WHATSAPP_DEFAULT_API_URL).replace(/\/+$/, '');
  const version = options.apiVersion ?? WHATSAPP_DEFAULT_API_VERSION;
  const endpoint = `${apiUrl}/${encodeURIComponent(version)}/${encodeURIComponent(options.phoneNumberId)}/messages`;
  const languageCode = options.languageCode ?? 'ar';
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function post(body: CloudTemplateMessage): Promise<{ messageId: string }> {
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${options.accessToken}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new MessagingError('unavailable', 'WhatsApp Cloud API unreachable', { cause: error });
    }
    const payload: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const parsed = graphErrorSchema.safeParse(payload);
      if (parsed.success) throw classifyCloudError(parsed.data.error, response.status);
      throw new MessagingError('unavailable', `WhatsApp Cloud API answered ${response.status}`, {
        providerCode: response.status,
      });
    }
    const parsed = cloudSendResponseSchema.safeParse(payload);
    const id = parsed.success ? parsed.data.messages[0]?.id : undefined;
    if (!id) throw new MessagingError('unavailable', 'WhatsApp Cloud API answer had no message id');
    return { messageId: id };
  }

  const phoneOf = (phoneE164: string): string => {
    const phone = normalizePhone(phoneE164);
    if (!phone) throw new MessagingError('invalid-phone', 'Not an international phone number');
    return phone;
  };

  async function sendCode(
    phoneE164: string,
    code: string,
    _purpose: CodePurpose,
  ): Promise<{ messageId: string }> {
    const phone = phoneOf(phoneE164);
    return post(authenticationTemplateMessage(phone, code, options.templateName, languageCode));
  }

  async function sendLessonReminder(
    phoneE164: string,
    reminder: LessonReminderParams,
  ): Promise<{ messageId: string }> {
    const phone = phoneOf(phoneE164);
    const template = options.reminderTemplateName ?? LESSON_REMINDER_TEMPLATE;
    return post(lessonReminderTemplateMessage(phone, reminder, template, languageCode));
  }

  async function sendChatNotice(
    phoneE164: string,
    notice: ChatNoticeParams,
  ): Promise<{ messageId: string }> {
    const phone = phoneOf(phoneE164);
    return post(chatNoticeTemplateMessage(phone, notice, CHAT_NOTICE_TEMPLATE, languageCode));
  }

  async function sendLessonNotice(
    phoneE164: string,
    notice: LessonNoticeParams,
  ): Promise<{ messageId: string }> {
    const phone = phoneOf(phoneE164);
    return post(lessonNoticeTemplateMessage(phone, notice, LESSON_NOTICE_TEMPLATE, languageCode));
  }

  async function sendPaymentNotice(
    phoneE164: string,
    notice: PaymentNoticeParams,
  ): Promise<{ messageId: string }> {
    return post(paymentNoticeTemplateMessage(phoneOf(phoneE164), notice, languageCode));
  }

  async function sendMeetingNotice(
    phoneE164: string,
    notice: MeetingNoticeParams,
  ): Promise<{ messageId: string }> {
    return post(meetingNoticeTemplateMessage(phoneOf(phoneE164), notice, languageCode));
  }

  return {
    endpoint,
    sendCode,
    sendLessonReminder,
    sendChatNotice,
    sendLessonNotice,
    sendPaymentNotice,
    sendMeetingNotice,
  };
}

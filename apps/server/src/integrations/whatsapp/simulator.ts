import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { createLocalFastify, listenLocal } from '../outbox/local-server';
import type { LocalServer, LocalServerOptions } from '../outbox/local-server';
import type { Outbox } from '../outbox/outbox';
import {
  cloudTemplateMessageSchema,
  CHAT_NOTICE_PARAMS,
  CHAT_NOTICE_TEMPLATE,
  chatNoticeTemplateText,
  LESSON_NOTICE_PARAMS,
  LESSON_NOTICE_TEMPLATE,
  lessonNoticeTemplateText,
  MEETING_NOTICE_PARAMS,
  MEETING_NOTICE_TEMPLATE,
  meetingNoticeTemplateText,
  PAYMENT_NOTICE_PARAMS,
  PAYMENT_NOTICE_TEMPLATE,
  paymentNoticeTemplateText,
  LESSON_REMINDER_PARAMS,
  LESSON_REMINDER_TEMPLATE,
  lessonReminderTemplateText,
} from './cloud-api';
import type { CloudSendResponse, CloudTemplateMessage, GraphError } from './cloud-api';
import { signWebhookBody, statusNotification, WHATSAPP_SIGNATURE_HEADER } from './webhook';
import type { WhatsAppStatus } from './webhook';

export interface WhatsAppSimulatorOptions extends LocalServerOptions {
  outbox: Outbox;
  accessToken: string;
  phoneNumberId: string;
  /**
   * When set, only this template (and `templateLanguage`) exists, as on a real account where a
   * template must be approved first; otherwise any name is accepted.
   */
  templateName?: string;
  templateLanguage?: string;
  /** The approved lesson reminder template (default `lesson_reminder`), in `templateLanguage`. */
  reminderTemplateName?: string | undefined;
  /**
   * Numbers ending in one of these are not on WhatsApp (default `0000`): the send is accepted
   * (200 and a message id), then the status webhook reports `failed` with 131026.
   */
  unresolvedSuffixes?: string[];
  /** Signs the status callbacks (X-Hub-Signature-256), as Meta does with the app's secret. */
  appSecret: string;
  /** What the subscription handshake sends as `hub.verify_token`. */
  verifyToken: string;
  /** How long after the send each status callback goes (default 100 ms, then 100 ms more). */
  callbackDelayMs?: number;
}

/** One status callback the simulator POSTed, and what the webhook answered. */
export interface SimulatorCallback {
  wamid: string;
  status: WhatsAppStatus;
  httpStatus: number | undefined;
}

export interface WhatsAppSimulator extends LocalServer {
  /** Request bodies received, newest last (at most 100): for tests of the wire format. */
  readonly requests: unknown[];
  /** Status callbacks posted, newest last (at most 100). */
  readonly callbacks: SimulatorCallback[];
  /**
   * Sets the callback URL, as the app dashboard does: first the verification GET with
   * `hub.mode=subscribe`, the verify token and a challenge, which must come back as the body.
   * Rejects (and keeps no URL) when the handshake fails.
   */
  subscribe(callbackUrl: string): Promise<void>;
  /** The callback URL in use, if any. */
  webhook(): string | undefined;
  /** Resolves once every status callback due so far has been posted. */
  settled(): Promise<void>;
}

const MAX_RECORDED = 100;
/** What an Arabic copy-code authentication template says (WhatsApp supplies the wording). */
const arabicAuthenticationText = (code: string): string =>
  `${code} هو رمز التحقق الخاص بك. لأمانك، لا تشارك هذا الرمز.`;

const fbtraceId = (): string => randomBytes(8).toString('base64url');
const wamid = (): string => `wamid.${randomBytes(24).toString('base64url')}`;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function graphError(
  reply: FastifyReply,
  status: number,
  error: Omit<GraphError, 'fbtrace_id'>,
): FastifyReply {
  return reply.code(status).send({ error: { ...error, fbtrace_id: fbtraceId() } });
}

const invalidParameter = (details: string): Omit<GraphError, 'fbtrace_id'> => ({
  message: '(#100) Invalid parameter',
  type: 'OAuthException',
  code: 100,
  error_data: { messaging_product: 'whatsapp', details },
});

/** A utility template (reminder, chat notice): its body's parameters, and no button. */
function utilityProblem(message: CloudTemplateMessage, params: number): string | undefined {
  const components = message.template.components ?? [];
  const body = components.find((c) => c.type === 'body');
  if (body?.parameters?.length !== params) return 'body';
  if (components.some((c) => c.type === 'button')) return 'button';
  return undefined;
}

/** The parameters of the one body and the URL button an authentication template takes. */
function templateProblem(message: CloudTemplateMessage): string | undefined {
  const components = message.template.components ?? [];
  const body = components.find((c) => c.type === 'body');
  const button = components.find((c) => c.type === 'button');
  if (body?.parameters?.length !== 1) return 'body';
  if (!button || button.sub_type !== 'url' || String(button.index) !== '0') return 'button';
  if (button.parameters?.length !== 1) return 'button';
  return undefined;
}

/**
 * A local stand-in for the Cloud API's send endpoint: same path, bearer token, request and
 * answer shapes, and Graph API error JSON; every accepted message (a code, a lesson reminder)
 * lands in the outbox with the text WhatsApp would show.
 */
export async function startWhatsAppSimulator(
  options: WhatsAppSimulatorOptions,
): Promise<WhatsAppSimulator> {
  const { outbox } = options;
  const unresolvedSuffixes = options.unresolvedSuffixes ?? ['0000'];
  const requests: unknown[] = [];
  const callbacks: SimulatorCallback[] = [];
  const pending = new Set<Promise<void>>();
  const delayMs = options.callbackDelayMs ?? 100;
  let callbackUrl: string | undefined;
  let closed = false;

  /** POSTs one status notification, signed; Meta retries a non-2xx answer, so we try 3 times. */
  async function postStatus(
    wamid: string,
    status: WhatsAppStatus,
    recipientId: string,
    undeliverable: boolean,
  ): Promise<void> {
    const url = callbackUrl;
    if (!url || closed) return;
    const body = JSON.stringify(
      statusNotification({
        businessAccountId: '100000000000002',
        phoneNumberId: options.phoneNumberId,
        displayPhoneNumber: '15550000001',
        statuses: [
          {
            id: wamid,
            status,
            timestamp: Math.floor(Date.now() / 1000),
            recipientId,
            ...(undeliverable
              ? {
                  errors: [
                    {
                      code: 131026,
                      title: 'Message undeliverable',
                      message: 'Message undeliverable',
                      details: 'Message Undeliverable.',
                    },
                  ],
                }
              : {}),
          },
        ],
      }),
    );
    let httpStatus: number | undefined;
    for (let attempt = 0; attempt < 3 && !closed; attempt += 1) {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [WHATSAPP_SIGNATURE_HEADER]: signWebhookBody(body, options.appSecret),
          },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        httpStatus = response.status;
        await response.arrayBuffer().catch(() => undefined);
        if (response.ok) break;
      } catch {
        httpStatus = undefined;
      }
      await new Promise((resolve) => setTimeout(resolve, 100 * (attempt + 1)));
    }
    callbacks.push({ wamid, status, httpStatus });
    if (callbacks.length > MAX_RECORDED) callbacks.shift();
  }

  /** What Meta reports after accepting a message: sent then delivered, or failed (131026). */
  function scheduleStatuses(wamid: string, recipientId: string, undeliverable: boolean): void {
    const statuses: WhatsAppStatus[] = undeliverable ? ['failed'] : ['sent', 'delivered'];
    const run = (async () => {
      for (const status of statuses) {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        await postStatus(wamid, status, recipientId, undeliverable);
      }
    })().catch((error: unknown) => {
      app.log.warn({ err: error }, 'WhatsApp simulator: status callback failed');
    });
    pending.add(run);
    void run.finally(() => pending.delete(run));
  }

  const app = createLocalFastify(options.logger);
  // Unreadable JSON and unknown paths get Graph API errors too, not Fastify's own shape.
  app.setErrorHandler((error, _request, reply) => {
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) {
      return graphError(reply, 500, {
        message: 'An unknown error has occurred.',
        type: 'OAuthException',
        code: 1,
      });
    }
    return graphError(reply, 400, invalidParameter('Request body could not be parsed'));
  });
  app.setNotFoundHandler((request, reply) =>
    graphError(reply, 400, {
      message: `Unknown path components: ${request.url.split('?')[0] ?? ''}`,
      type: 'OAuthException',
      code: 2500,
    }),
  );

  app.post<{ Params: { version: string; phoneNumberId: string } }>(
    '/:version/:phoneNumberId/messages',
    async (request, reply) => {
      requests.push(request.body);
      if (requests.length > MAX_RECORDED) requests.shift();

      const header = request.headers.authorization ?? '';
      const token = /^Bearer (.+)$/i.exec(header)?.[1] ?? '';
      if (!sameSecret(token, options.accessToken)) {
        return graphError(reply, 401, {
          message: 'Invalid OAuth access token - Cannot parse access token',
          type: 'OAuthException',
          code: 190,
        });
      }
      const { version, phoneNumberId } = request.params;
      if (!/^v\d+\.\d+$/.test(version) || phoneNumberId !== options.phoneNumberId) {
        return graphError(reply, 400, {
          message: `Unsupported post request. Object with ID '${phoneNumberId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
          type: 'GraphMethodException',
          code: 100,
          error_subcode: 33,
        });
      }

      const parsed = cloudTemplateMessageSchema.safeParse(request.body);
      if (!parsed.success) {
        const field = parsed.error.issues[0]?.path.join('.') || 'body';
        return graphError(reply, 400, invalidParameter(`Invalid or missing parameter: ${field}`));
      }
      const message = parsed.data;
      const { name, language } = message.template;
      const reminderTemplate = options.reminderTemplateName ?? LESSON_REMINDER_TEMPLATE;
      const isReminder = name === reminderTemplate;
      const isChatNotice = name === CHAT_NOTICE_TEMPLATE;
      const isLessonNotice = name === LESSON_NOTICE_TEMPLATE;
      const isPaymentNotice = name === PAYMENT_NOTICE_TEMPLATE;
      const isMeetingNotice = name === MEETING_NOTICE_TEMPLATE;
      const isUtility =
        isReminder || isChatNotice || isLessonNotice || isPaymentNotice || isMeetingNotice;
      const knownTemplate =
        options.templateName === undefined ||
        ((name === options.templateName || isUtility) &&
          (options.templateLanguage === undefined || language.code === options.templateLanguage));
      if (!knownTemplate) {
        return graphError(reply, 404, {
          message: '(#132001) Template name does not exist in the translation',
          type: 'OAuthException',
          code: 132001,
          error_data: {
            messaging_product: 'whatsapp',
            details: `template name (${name}) does not exist in ${language.code}`,
          },
        });
      }
      const problem = isReminder
        ? utilityProblem(message, LESSON_REMINDER_PARAMS)
        : isChatNotice
          ? utilityProblem(message, CHAT_NOTICE_PARAMS)
          : isLessonNotice
            ? utilityProblem(message, LESSON_NOTICE_PARAMS)
            : isPaymentNotice
              ? utilityProblem(message, PAYMENT_NOTICE_PARAMS)
              : isMeetingNotice
                ? utilityProblem(message, MEETING_NOTICE_PARAMS)
                : templateProblem(message);
      if (problem) {
        return graphError(reply, 400, {
          message: '(#132000) Number of parameters does not match the expected number of params',
          type: 'OAuthException',
          code: 132000,
          error_data: {
            messaging_product: 'whatsapp',
            details: `${problem}: number of localizable_params does not match the expected number of params`,
          },
        });
      }

      const digits = message.to.replace(/[\s\-+()]/g, '');
      if (!/^[1-9]\d{7,14}$/.test(digits)) {
        return graphError(reply, 400, {
          message: '(#131009) Parameter value is not valid',
          type: 'OAuthException',
          code: 131009,
          error_data: { messaging_product: 'whatsapp', details: 'Invalid phone number in to' },
        });
      }
      // Meta accepts the message first and reports that it could not be delivered later, through
      // the status webhook (README.md): so does the simulator.
      const undeliverable = unresolvedSuffixes.some((suffix) => digits.endsWith(suffix));
      const id = wamid();
      const params = (
        message.template.components?.find((c) => c.type === 'body')?.parameters ?? []
      ).map((p) => p.text);
      const code = isUtility ? undefined : params[0];
      scheduleStatuses(id, digits, undeliverable);
      if (!undeliverable)
        outbox.append({
          channel: 'whatsapp',
          to: `+${digits}`,
          text: isReminder
            ? lessonReminderTemplateText(params)
            : isChatNotice
              ? chatNoticeTemplateText(params)
              : isLessonNotice
                ? lessonNoticeTemplateText(params)
                : isPaymentNotice
                  ? paymentNoticeTemplateText(params)
                  : isMeetingNotice
                    ? meetingNoticeTemplateText(params)
                    : arabicAuthenticationText(code ?? ''),
          meta: {
            wamid: id,
            code,
            params,
            template: name,
            language: language.code,
            phoneNumberId,
          },
        });
      const answer: CloudSendResponse = {
        messaging_product: 'whatsapp',
        contacts: [{ input: message.to, wa_id: digits }],
        messages: [{ id, message_status: 'accepted' }],
      };
      return reply.code(200).send(answer);
    },
  );

  const server = await listenLocal(app, options);

  async function subscribe(url: string): Promise<void> {
    const challenge = randomBytes(8).toString('hex');
    const probe = new URL(url);
    probe.searchParams.set('hub.mode', 'subscribe');
    probe.searchParams.set('hub.challenge', challenge);
    probe.searchParams.set('hub.verify_token', options.verifyToken);
    const response = await fetch(probe, { signal: AbortSignal.timeout(10_000) });
    const text = await response.text();
    if (!response.ok || text !== challenge) {
      throw new Error(
        `WhatsApp simulator: the callback URL did not pass verification (${response.status})`,
      );
    }
    callbackUrl = url;
  }

  return {
    ...server,
    requests,
    callbacks,
    subscribe,
    webhook: () => callbackUrl,
    settled: async () => {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    close: async () => {
      closed = true;
      await Promise.all([...pending]);
      await server.close();
    },
  };
}

import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API, API_PREFIX } from '@talaqa/domain';
import { serviceContextOf } from '../../context';
import { AppError } from '../../errors';
import { serve } from '../../http/endpoint';
import { parseTelegramUpdate, TELEGRAM_SECRET_HEADER } from '../../integrations/telegram';
import { identityOf } from '../../http/access';
import { limitPerAccount, limitPerAddress } from '../../http/limits';
import { loopbackOrigin } from '../../http/origins';
import { requireUser } from '../accounts';
import { createLink, handleUpdate } from './service';

const LINKS = { max: 20, minutes: 60 };
/** Updates are small (a command or a contact); Telegram's own limit for a message is 4096 chars. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

/**
 * setWebhook, once per process and again after a failure: at start-up (once listening) and
 * before every link is handed out. Telegram needs the public HTTPS origin (PUBLIC_API_URL); the
 * local simulator calls this process on loopback.
 */
function webhookRegistration(app: FastifyInstance): () => Promise<void> {
  let registered: Promise<void> | undefined;
  const register = async (): Promise<void> => {
    const channel = app.telegram;
    const origin = channel.simulator ? loopbackOrigin(app) : app.config.publicUrls.api;
    if (!origin) {
      app.log.warn('Telegram webhook not registered: PUBLIC_API_URL is not set');
      return;
    }
    await channel.setWebhook(`${origin}${API_PREFIX}${API.telegram.webhook.path}`);
  };
  return () => {
    if (!app.telegram.enabled) return Promise.resolve();
    registered ??= register().catch((error: unknown) => {
      registered = undefined;
      app.log.warn({ err: error }, 'Telegram webhook registration failed');
    });
    return registered;
  };
}

/**
 * Linking a Telegram chat to an account, so phone codes can go over Telegram: the account asks
 * for a deep link, the person presses Start in the bot and shares their contact, and the webhook
 * keeps the chat when the number is the one being verified.
 */
export const telegramRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContextOf(app, 'telegram');
  const ensureWebhook = webhookRegistration(app);
  app.addHook('onListen', async () => {
    await ensureWebhook();
  });

  serve(
    app,
    API.telegram.link,
    async (request) => {
      const user = await requireUser(ctx.db, identityOf(request).userId);
      const phone = request.body?.phone ?? user.phone;
      if (!phone) throw new AppError('phone-required');
      if (!app.telegram.enabled) {
        throw new AppError('service-unavailable', 'Telegram is not configured');
      }
      const link = await createLink(ctx, user.id, phone);
      await ensureWebhook();
      return {
        url: app.telegram.startLink(link.token),
        linked: link.linked,
        expiresAt: link.expiresAt.toISOString(),
      };
    },
    {
      onRequest: limitPerAddress(app, 'telegram-link:address', LINKS),
      preHandler: limitPerAccount(app, 'telegram-link:account', LINKS),
    },
  );

  // Telegram's calls: the secret header is the only credential, checked before the body is read.
  serve(
    app,
    API.telegram.webhook,
    async (request, reply) => {
      const answer = await handleUpdate(ctx, parseTelegramUpdate(request.body));
      // The update is handled (and recorded) whatever happens to the reply, so Telegram must not
      // deliver it again: a failed reply is logged, and the answer is 200 all the same.
      if (answer) {
        await app.telegram
          .reply(answer.chatId, answer.reply)
          .catch((error: unknown) =>
            request.log.warn({ err: error }, 'Telegram reply not delivered'),
          );
      }
      return reply.code(200).send();
    },
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      onRequest: async (request) => {
        const secret = request.headers[TELEGRAM_SECRET_HEADER];
        if (secret === undefined) throw new AppError('unauthenticated', 'Secret token missing');
        if (!app.telegram.verifyWebhook(secret)) {
          throw new AppError('forbidden', 'Wrong secret token');
        }
      },
    },
  );
};

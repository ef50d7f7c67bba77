import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API, API_PREFIX } from '@talaqa/domain';
import type { PhoneCodeDeliveryAnswer } from '@talaqa/domain';
import { serviceContextOf } from '../../context';
import { AppError } from '../../errors';
import { serve } from '../../http/endpoint';
import {
  notificationSchema,
  statusUpdates,
  WHATSAPP_SIGNATURE_HEADER,
} from '../../integrations/whatsapp/webhook';
import { identityOf } from '../../http/access';
import { loopbackOrigin } from '../../http/origins';
import { latestCodeMessage } from './repo';
import { applyStatuses, emitCodeUndelivered, UNDELIVERED_CODE_MESSAGE } from './service';

/**
 * A notification batches statuses (Meta sends up to 1000 per change); a status is about half a
 * kilobyte, so 1 MiB is ample and bounds what an unsigned caller can make us hash.
 */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * The local simulator needs to know where to post its status callbacks (in production the callback
 * URL is set in the app dashboard, PUBLIC_API_URL + this path): once listening, on loopback.
 */
function simulatorSubscription(app: FastifyInstance): () => Promise<void> {
  return async () => {
    const simulator = app.whatsapp.simulator;
    const origin = loopbackOrigin(app);
    if (!simulator || !origin) return;
    await simulator
      .subscribe(`${origin}${API_PREFIX}${API.whatsapp.webhook.path}`)
      .catch((error: unknown) =>
        app.log.warn({ err: error }, 'WhatsApp simulator webhook not subscribed'),
      );
  };
}

/**
 * The Cloud API's status webhook (issue 16): the verification handshake, and the signed status
 * notifications, read as raw bytes so the signature is checked over exactly what Meta signed.
 */
const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContextOf(app, 'whatsapp');
  // This plugin's scope only: JSON arrives as bytes, parsed after the signature is checked.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  serve(app, API.whatsapp.verifyWebhook, async (request, reply) => {
    const challenge = app.whatsapp.handshake(request.query);
    if (challenge === undefined) throw new AppError('forbidden', 'Verification refused');
    return reply.code(200).type('text/plain; charset=utf-8').send(challenge);
  });

  serve(
    app,
    API.whatsapp.webhook,
    async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (!app.whatsapp.verifySignature(request.headers[WHATSAPP_SIGNATURE_HEADER], raw)) {
        throw new AppError('forbidden', 'Wrong signature');
      }
      let json: unknown;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new AppError('bad-request', 'Body is not JSON');
      }
      const parsed = notificationSchema.safeParse(json);
      if (!parsed.success) throw new AppError('bad-request', 'Not a webhook notification');
      const effects = await applyStatuses(ctx, statusUpdates(parsed.data));
      for (const effect of effects) {
        if (effect.kind === 'code-withdrawn')
          emitCodeUndelivered(ctx.io, effect.userId, effect.phone);
      }
      if (effects.some((effect) => effect.kind === 'email-fallback')) {
        // The e-mail goes right after the answer, not at the runner's next poll.
        setImmediate(() => {
          app.jobs.runDue().catch((error: unknown) => {
            request.log.warn({ err: error }, 'running the e-mail fallback at once failed');
          });
        });
      }
      return reply.code(200).send();
    },
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      // The signature is the only credential: no header, no reading of the body.
      onRequest: async (request) => {
        if (request.headers[WHATSAPP_SIGNATURE_HEADER] === undefined) {
          throw new AppError('unauthenticated', 'Signature missing');
        }
      },
    },
  );
};

export const whatsappRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = serviceContextOf(app, 'whatsapp');
  const subscribe = simulatorSubscription(app);
  app.addHook('onListen', async () => {
    await subscribe();
  });
  await app.register(webhookRoutes);

  // Polled by the verification screen while it waits for the code (the realtime event says the
  // same at once to an open socket).
  serve(app, API.whatsapp.phoneCodeDelivery, async (request) => {
    const row = await latestCodeMessage(db, identityOf(request).userId);
    const answer: PhoneCodeDeliveryAnswer = row
      ? {
          state: row.state,
          phone: row.phone,
          error:
            row.state === 'failed'
              ? { code: 'unresolved-phone', message: UNDELIVERED_CODE_MESSAGE }
              : null,
        }
      : { state: 'none', phone: null, error: null };
    return answer;
  });
};

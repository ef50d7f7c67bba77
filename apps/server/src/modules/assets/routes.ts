import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API, Role, UPLOADS_PER_HOUR } from '@talaqa/domain';
import { AppError } from '../../errors';
import { serviceContextOf } from '../../context';
import { serve } from '../../http/endpoint';
import { assertSelfOrAdmin, identityOf } from '../../http/access';
import { limitPerAccount } from '../../http/limits';
import { requireUser } from '../accounts';
import { registerOldImagesJob } from './old-images';
import { readImageUpload, refuseDeclaredOversize, replaceProfileImage } from './service';

const IMAGE_CONTENT_TYPES = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  svg: 'image/svg+xml',
} as const;

/**
 * An SVG opened on its own is a document: it gets no script, no fetch and an opaque origin. The
 * only SVGs stored are the portraits drawn for the project (uploads refuse SVG); this is the
 * second lock.
 */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** PUT /user/asset (a profile image) and GET /assets/uploads/{name}. */
export const assetRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContextOf(app, 'assets');
  registerOldImagesJob(app);

  serve(
    app,
    API.assets.uploadImage,
    async (request) => {
      const caller = identityOf(request);
      const userId = request.query.forUser ?? caller.userId;
      assertSelfOrAdmin(caller, userId);
      const owner = await requireUser(ctx.db, userId);
      const image = await readImageUpload(request);
      const user = await replaceProfileImage(ctx, app.assets, userId, image);
      // A tutor's image is on the public list's cards.
      if (owner.role === Role.Tutor) {
        await app.domainEvents.emit('TutorListingChanged', { tutorIds: [userId] });
      }
      return user;
    },
    {
      // An upload declaring more than the cap is refused before its body is read.
      preValidation: async (request) => refuseDeclaredOversize(request),
      // Every try counts, per signed-in account (in Redis when configured, so instances share).
      preHandler: limitPerAccount(app, 'upload', { max: UPLOADS_PER_HOUR, minutes: 60 }),
    },
  );

  // The bytes go out as a stream: the contract's answer schema describes them, never reads them.
  serve(app, API.assets.file, async (request, reply) => {
    const file = await app.assets.open('uploads', request.params.name);
    if (!file) throw new AppError('asset-not-found');
    const extension = request.params.name.split('.').pop() as keyof typeof IMAGE_CONTENT_TYPES;
    if (extension === 'svg') reply.header('content-security-policy', SVG_POLICY);
    return reply
      .type(IMAGE_CONTENT_TYPES[extension] ?? 'application/octet-stream')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-length', String(file.size))
      .send(file.stream);
  });
};

import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { detectImageType, idTextSchema, IMAGE_MAX_BYTES, Role } from '@talaqa/domain';
import { AppError } from '../../errors';
import { anyone, identityOf, signedIn } from '../auth/access';
import { tutorsChanged } from '../tutors/events';
import { assertSelfOrAdmin, patchUser, requireUser } from '../users/service';

const IMAGE_CONTENT_TYPES = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif' } as const;

/** PUT /user/asset (a profile image) and GET /assets/uploads/{name}. */
export const assetRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.put(
    '/user/asset',
    {
      config: { access: signedIn },
      schema: { querystring: z.object({ forUser: idTextSchema.optional() }) },
    },
    async (request) => {
      const caller = identityOf(request);
      const userId = request.query.forUser ?? caller.userId;
      assertSelfOrAdmin(caller, userId);
      const owner = await requireUser(db, userId);
      const file = await request.file({ limits: { fileSize: IMAGE_MAX_BYTES, files: 1 } });
      if (!file) throw new AppError('empty-request', 'No image in the form');
      const bytes = new Uint8Array(await file.toBuffer());
      // The browser's type and the file name are the sender's claims; the bytes decide.
      const type = detectImageType(bytes);
      if (!type) {
        throw new AppError('invalid-image-type', 'Only JPG, PNG or GIF images', {
          fields: [{ path: 'image', code: 'invalid-image-type' }],
        });
      }
      const name = await app.assets.save('uploads', bytes, type);
      const user = await patchUser(db, userId, { image: name });
      // A tutor's image is on the public list's cards.
      if (owner.role === Role.Tutor) await tutorsChanged(app, [userId]);
      return user;
    },
  );

  app.get(
    '/assets/uploads/:name',
    { config: { access: anyone }, schema: { params: z.object({ name: z.string().max(64) }) } },
    async (request, reply) => {
      const stream = await app.assets.open('uploads', request.params.name);
      if (!stream) throw new AppError('asset-not-found');
      const extension = request.params.name.split('.').pop() as keyof typeof IMAGE_CONTENT_TYPES;
      return reply
        .type(IMAGE_CONTENT_TYPES[extension] ?? 'application/octet-stream')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );
};

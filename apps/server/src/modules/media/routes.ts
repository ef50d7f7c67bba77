import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API, UPLOADS_PER_HOUR } from '@talaqa/domain';
import { serviceContextOf } from '../../context';
import { identityOf } from '../../http/access';
import { serve } from '../../http/endpoint';
import { limitPerAccount } from '../../http/limits';
import type { VideoTools } from '../../integrations/ffmpeg';
import { listIntroVideosFor, reviewIntroVideoAs, uploadIntroVideo } from './intro-videos';
import {
  photoSessionMaxBytes,
  studioTutor,
  studioTutors,
  tutorsForStudio,
  uploadPhotoSession,
} from './photo-sessions';
import { refuseDeclaredOver } from './receive';
import { sendMedia } from './serve-media';

export interface MediaRoutesOptions {
  /** ffprobe and ffmpeg (integrations/ffmpeg). */
  tools: VideoTools;
}

/**
 * Intro videos, photo sessions and studios, and the media route (issue 21 items 2, 5 and 8).
 * After a review the route emits OnboardingStepChanged (onboarding re-checks the tutor) and, after
 * an approval, as the profile's video may have changed, TutorListingChanged.
 */
export const mediaRoutes: FastifyPluginAsyncZod<MediaRoutesOptions> = async (app, { tools }) => {
  const base = serviceContextOf(app, 'media');
  const ctx = {
    ...base,
    assets: app.assets,
    tools,
    secret: app.config.jwtSecret,
    maxVideoBytes: app.config.videoMaxBytes,
  };
  const uploadLimit = limitPerAccount(app, 'upload', { max: UPLOADS_PER_HOUR, minutes: 60 });

  serve(
    app,
    API.introVideos.upload,
    async (request) => uploadIntroVideo(ctx, request, identityOf(request).userId),
    {
      preValidation: async (request) => refuseDeclaredOver(request, ctx.maxVideoBytes, 'video'),
      preHandler: uploadLimit,
    },
  );

  serve(app, API.introVideos.list, async (request) =>
    listIntroVideosFor(ctx, identityOf(request), request.query),
  );

  serve(app, API.introVideos.review, async (request) => {
    const { view, approved } = await reviewIntroVideoAs(
      ctx,
      identityOf(request),
      request.params.id,
      request.body,
    );
    // The step was decided either way: onboarding checks whether the tutor is now onboarded.
    await app.domainEvents.emit('OnboardingStepChanged', { tutorIds: [view.tutorId] });
    if (approved) {
      await app.domainEvents.emit('TutorListingChanged', { tutorIds: [view.tutorId] });
    }
    return view;
  });

  serve(
    app,
    API.photoSessions.upload,
    async (request) => {
      const tutorId = request.query.tutorId;
      const answer = await uploadPhotoSession(ctx, request, identityOf(request), tutorId);
      await app.domainEvents.emit('TutorListingChanged', { tutorIds: [tutorId] });
      return answer;
    },
    {
      preValidation: async (request) =>
        refuseDeclaredOver(request, photoSessionMaxBytes(ctx.maxVideoBytes), 'video'),
      preHandler: uploadLimit,
    },
  );

  serve(app, API.photoSessions.tutor, async (request) =>
    studioTutor(ctx.db, identityOf(request), request.params.tutorId),
  );

  serve(app, API.photoSessions.allTutors, async (request) =>
    tutorsForStudio(ctx.db, identityOf(request), request.query),
  );

  serve(app, API.photoSessions.studioTutors, async (request) =>
    studioTutors(ctx.db, identityOf(request), request.query),
  );

  serve(app, API.media.file, async (request, reply) => sendMedia(ctx, request, reply));
};

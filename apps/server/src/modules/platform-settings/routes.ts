import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@talaqa/domain';
import { serviceContextOf } from '../../context';
import { identityOf } from '../../http/access';
import { serve } from '../../http/endpoint';
import {
  joinSupportGroup,
  readPublicSettings,
  readSettings,
  settingHistory,
  updateSettings,
} from './service';

/** Platform settings (contract `API.platformSettings`; decision 339). */
export const platformSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContextOf(app, 'platform-settings');

  serve(app, API.platformSettings.get, async () => readSettings(ctx));

  serve(app, API.platformSettings.update, async (request) =>
    updateSettings(ctx, identityOf(request), request.body),
  );

  serve(app, API.platformSettings.history, async (request) => settingHistory(ctx, request.query));

  serve(app, API.platformSettings.public, async () => readPublicSettings(ctx));

  serve(app, API.platformSettings.joinSupportGroup, async (request) => {
    const caller = identityOf(request);
    await joinSupportGroup(ctx, caller);
    await app.domainEvents.emit('OnboardingStepChanged', { tutorIds: [caller.userId] });
  });
};

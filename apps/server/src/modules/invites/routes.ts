import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@talaqa/domain';
import { serviceContextOf } from '../../context';
import { serve } from '../../http/endpoint';
import { identityOf } from '../../http/access';
import { limitPerAddress } from '../../http/limits';
import { webOriginFor } from '../../http/origins';
import { signDeviceToken } from '../../security/tokens';
import { audited } from '../audit';
import { issueAccessToken } from '../auth';
import { recordSignUpCampaign } from '../short-links';
import {
  acceptInvite,
  checkInvite,
  createInvite,
  getInvite,
  listInvites,
  resendInvite,
  revokeInvite,
} from './service';

/** Tokens are 256 bits: the limits only keep a script from hammering the database. */
const LINK_TRIES_PER_ADDRESS = { max: 30, minutes: 15 };

/** Invites (contract `API.invites`, docs/decisions/343-invites.md). */
export const inviteRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContextOf(app, 'invites');
  const mailFor = (request: Parameters<typeof webOriginFor>[1]) => ({
    messenger: app.messenger,
    webOrigin: webOriginFor(app.config, request),
  });

  serve(app, API.invites.list, async (request) => listInvites(ctx, request.query));

  serve(app, API.invites.get, async (request) => getInvite(ctx, request.params.id));

  // Each change is an admin action, written to the audit log in its transaction (decision 340).
  serve(app, API.invites.create, async (request) => {
    const admin = identityOf(request);
    return audited(
      ctx,
      admin,
      'invite.create',
      (db) => createInvite({ ...ctx, db }, mailFor(request), admin.userId, request.body),
      (invite) => ({ targetId: invite.id, details: { email: invite.email, role: invite.role } }),
    );
  });

  serve(app, API.invites.resend, async (request) => {
    const admin = identityOf(request);
    const { id } = request.params;
    return audited(
      ctx,
      admin,
      'invite.resend',
      (db) => resendInvite({ ...ctx, db }, mailFor(request), admin.userId, id, request.body),
      (invite) => ({ targetId: id, details: { role: invite.role } }),
    );
  });

  serve(app, API.invites.revoke, async (request) => {
    const { id } = request.params;
    await audited(
      ctx,
      identityOf(request),
      'invite.revoke',
      (db) => revokeInvite({ ...ctx, db }, id),
      () => ({ targetId: id }),
    );
  });

  serve(app, API.invites.check, async (request) => checkInvite(ctx, request.body.token), {
    onRequest: limitPerAddress(app, 'invite-check', LINK_TRIES_PER_ADDRESS),
  });

  serve(
    app,
    API.invites.accept,
    async (request) => {
      const user = await acceptInvite(ctx, request.body);
      await recordSignUpCampaign(ctx, user.id, request.body.campaign);
      const token = await issueAccessToken(ctx.db, app.config, user.id);
      // The link proved the address: no verification code to send.
      return { user, token, emailCode: null, deviceToken: await signDeviceToken(user, app.config) };
    },
    { onRequest: limitPerAddress(app, 'invite-accept', LINK_TRIES_PER_ADDRESS) },
  );
};

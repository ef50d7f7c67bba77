import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API, Role } from '@talaqa/domain';
import { serviceContextOf } from '../../context';
import { serve } from '../../http/endpoint';
import { assertSelfOrAdmin, identityOf, isAdmin } from '../../http/access';
import { limitPerAddress } from '../../http/limits';
import { signDeviceToken } from '../../security/tokens';
import { createUser, listUsers, requireUser } from '../accounts';
import { recordAdminAction } from '../audit';
import type { AdminAction } from '../audit';
import { issueAccessToken } from '../auth';
import { sendEmailVerificationCode } from '../codes';
import { recordSignUpCampaign } from '../short-links';
import { planEmailChange } from './email-change';
import { assertMayCreateRole, assertMayPatch, updateUser, viewProfile } from './service';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContextOf(app, 'users');
  const { db } = ctx;

  // Sign-up (anonymous: student or tutor) and creation of any role by admins.
  serve(
    app,
    API.users.create,
    async (request) => {
      const body = request.body;
      assertMayCreateRole(request.identity, body.role);
      const user = await createUser(db, { ...body, password: body.password });
      // An admin gets the account alone, never a session of it (record 253).
      if (isAdmin(request.identity)) return { user };
      // Where the visitor came from (record 351): ignored when unknown, never a failure.
      await recordSignUpCampaign(ctx, user.id, body.campaign);
      const token = await issueAccessToken(db, app.config, user.id);
      // Someone signing up gets the verification code at once; the account exists either way,
      // so a mail failure only means asking again from the banner.
      const emailCode = await sendEmailVerificationCode(
        ctx,
        app.config.jwtSecret,
        app.messenger,
        user,
      ).catch((error: unknown) => {
        request.log.warn({ err: error }, 'verification e-mail at sign-up failed');
        return null;
      });
      // Someone signing up is on their own device: it gets its device token (issue 15).
      return { user, token, emailCode, deviceToken: await signDeviceToken(user, app.config) };
    },
    { onRequest: limitPerAddress(app, 'sign-up', { max: 20, minutes: 60 }) },
  );

  serve(app, API.users.current, async (request) => requireUser(db, identityOf(request).userId));

  serve(app, API.users.list, async (request) => listUsers(db, request.query));

  // The view is picked per caller and serialized through its schema (nothing outside it leaves).
  serve(app, API.users.get, async (request) =>
    viewProfile(ctx, identityOf(request), request.params.id),
  );

  serve(app, API.users.update, async (request) => {
    const caller = identityOf(request);
    assertSelfOrAdmin(caller, request.params.id);
    const target = await requireUser(db, request.params.id);
    const { bio, about, ...fields } = request.body;
    assertMayPatch(caller, target, fields);
    /** The audit rows of this change: the role and the e-mail each their own, the rest one. */
    const auditRows = (actorId: number): AdminAction[] => {
      const rows: AdminAction[] = [];
      const { role, email, ...others } = fields;
      if (role !== undefined && role !== target.role) {
        rows.push({
          actorId,
          action: 'user.role',
          targetId: target.id,
          details: { from: target.role, to: role },
        });
      }
      if (email !== undefined && email !== target.email) {
        rows.push({
          actorId,
          action: 'user.email',
          targetId: target.id,
          details: { from: target.email, to: email },
        });
      }
      // Values are left out: only which fields changed (a password's would not belong here).
      const changed = [
        ...Object.keys(others).filter((key) => others[key as keyof typeof others] !== undefined),
        ...(bio !== undefined ? ['bio'] : []),
        ...(about !== undefined ? ['about'] : []),
      ];
      if (changed.length > 0) {
        rows.push({
          actorId,
          action: 'user.update',
          targetId: target.id,
          details: { fields: changed },
        });
      }
      return rows;
    };
    // The owner's new e-mail waits for its code; an admin's change is at once, unverified.
    const plan = planEmailChange(
      ctx.clock,
      app.config.jwtSecret,
      app.messenger,
      app.attempts,
      caller,
      target,
      fields,
    );
    // An admin's change of someone else's account is written to the audit log with it.
    const audit = isAdmin(caller) && caller.userId !== target.id ? auditRows(caller.userId) : [];
    const updated = await updateUser(ctx, target, plan.patch, { bio, about }, async (tx) => {
      await plan.inTransaction?.(tx);
      for (const row of audit) await recordAdminAction(tx, row, ctx.clock.now());
    });
    await plan.afterCommit?.(request.log);
    // A tutor's name, image, gender and texts are on the public list's cards.
    if (target.role === Role.Tutor) {
      await app.domainEvents.emit('TutorListingChanged', { tutorIds: [target.id] });
    }
    return updated;
  });
};

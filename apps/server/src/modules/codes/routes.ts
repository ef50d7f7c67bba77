import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API, CodePurpose, defaultPhoneCodeChannel } from '@talaqa/domain';
import type { CodeSentAnswer } from '@talaqa/domain';
import { AppError } from '../../errors';
import { serviceContextOf } from '../../context';
import { serve } from '../../http/endpoint';
import { identityOf } from '../../http/access';
import { limitPerAccount, limitPerAddress } from '../../http/limits';
import { signPurposeToken } from '../../security/tokens';
import { findUserRowByEmail, patchUser, requireUser } from '../accounts';
import { linkedChatId } from '../telegram';
import { recordAcceptedMessage } from '../whatsapp';
import { completeEmailChange, sendEmailVerificationCode } from './email-verification';
import { noteWrongResetCode, registerAccountJobs, requestResetMail } from './security';
import {
  CODE_RESEND_SECONDS,
  CODE_TTL_MINUTES,
  checkCode,
  issueCode,
  withdrawCode,
} from './service';

const RESET_TOKEN_TTL_SECONDS = 15 * 60;
const SENDS = { max: 10, minutes: 60 };
const CHECKS = { max: 20, minutes: 15 };

const sentAnswer = ({ expiresAt, resendAfter }: CodeSentAnswer): CodeSentAnswer => ({
  expiresAt,
  resendAfter,
});

/** The answer a password-reset request gets whether or not the e-mail has an account. */
function neutralAnswer(now: number): CodeSentAnswer {
  return {
    expiresAt: new Date(now + CODE_TTL_MINUTES * 60_000).toISOString(),
    resendAfter: new Date(now + CODE_RESEND_SECONDS * 1000).toISOString(),
  };
}

export const codeRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContextOf(app, 'codes');
  const { db, clock } = ctx;
  registerAccountJobs(app);
  const secret = app.config.jwtSecret;
  const sendLimits = (name: string) => ({
    onRequest: limitPerAddress(app, `${name}:address`, SENDS),
    preHandler: limitPerAccount(app, `${name}:account`, SENDS),
  });
  const checkLimits = (name: string) => ({
    onRequest: limitPerAddress(app, `${name}:address`, CHECKS),
    preHandler: limitPerAccount(app, `${name}:account`, CHECKS),
  });

  serve(
    app,
    API.codes.sendEmailCode,
    async (request) => {
      const user = await requireUser(db, identityOf(request).userId);
      // A pending new address gets its code again; else the current one, unless verified.
      if (user.pendingEmail) {
        return sendEmailVerificationCode(ctx, secret, app.messenger, {
          ...user,
          email: user.pendingEmail,
        });
      }
      if (user.verifiedEmail) throw new AppError('email-already-verified');
      return sendEmailVerificationCode(ctx, secret, app.messenger, user);
    },
    sendLimits('email-send'),
  );

  serve(
    app,
    API.codes.confirmEmailCode,
    async (request) => {
      const user = await requireUser(db, identityOf(request).userId);
      const pendingEmail = user.pendingEmail ?? null;
      if (pendingEmail === null && user.verifiedEmail) throw new AppError('email-already-verified');
      const code = await checkCode(
        db,
        secret,
        {
          userId: user.id,
          purpose: CodePurpose.VerifyEmail,
          code: request.body.code,
          consume: true,
        },
        clock.now(),
      );
      const sentTo = code.target.toLowerCase();
      // The code went to the pending new address: the account's address becomes it.
      if (pendingEmail !== null && sentTo === pendingEmail.toLowerCase()) {
        return { user: await completeEmailChange(ctx, { ...user, pendingEmail }) };
      }
      // A code sent to an address the user has since changed proves nothing about the new one.
      if (user.verifiedEmail || sentTo !== user.email.toLowerCase()) {
        throw new AppError('invalid-verification-code');
      }
      const verified = await patchUser(db, user.id, { emailVerified: true });
      // A tutor whose steps have all passed may now be onboarded (issue 21).
      await app.domainEvents.emit('OnboardingStepChanged', { tutorIds: [user.id] });
      return { user: verified };
    },
    checkLimits('email-confirm'),
  );

  serve(
    app,
    API.codes.sendPhoneCode,
    async (request) => {
      const user = await requireUser(db, identityOf(request).userId);
      const { phone, channel } = request.body;
      if (user.verifiedPhone && user.phone === phone) throw new AppError('phone-already-verified');
      const issued = await issueCode(
        db,
        secret,
        { userId: user.id, purpose: CodePurpose.VerifyWhatsApp, target: phone },
        clock.now(),
      );
      // Over the app the person chose; without a choice, their notification method's app (which
      // is set only once a phone is verified), else WhatsApp.
      const method = channel ?? defaultPhoneCodeChannel(user.notificationMethod);
      try {
        const { messageId } = await app.messenger.phoneCode({
          userId: user.id,
          method,
          phone,
          code: issued.code,
          // A link made for another number (the phone changed since) does not count.
          telegramChat: (to) => linkedChatId(db, user.id, to),
        });
        // WhatsApp accepts at once and tells later whether it arrived (the status webhook).
        if (method === 'whatsapp') {
          await recordAcceptedMessage(ctx, {
            wamid: messageId,
            userId: user.id,
            phone,
            purpose: 'code',
            codeId: issued.id,
          });
        }
      } catch (error) {
        // Not delivered (say, no Telegram chat linked yet): asking again right after fixing that
        // must not wait for the resend delay.
        await withdrawCode(db, issued.id);
        throw error;
      }
      return sentAnswer(issued);
    },
    sendLimits('phone-send'),
  );

  serve(
    app,
    API.codes.verifyPhoneCode,
    async (request) => {
      const userId = identityOf(request).userId;
      const code = await checkCode(
        db,
        secret,
        {
          userId,
          purpose: CodePurpose.VerifyWhatsApp,
          code: request.body.code,
          consume: true,
        },
        clock.now(),
      );
      const verified = await patchUser(db, userId, { phone: code.target, phoneVerified: true });
      // A tutor whose steps have all passed may now be onboarded (issue 21).
      await app.domainEvents.emit('OnboardingStepChanged', { tutorIds: [userId] });
      return { user: verified };
    },
    checkLimits('phone-verify'),
  );

  serve(
    app,
    API.codes.sendPasswordCode,
    async (request) => {
      // Known e-mail or not, the same work: one job scheduled, no lookup, nothing sent here, so
      // the answer's time tells nothing. The job mails the code (or does nothing) moments later.
      await requestResetMail(db, request.body.email);
      // Runs the job right after the answer has gone (a microtask sends it, the immediate comes
      // later), so the mail is not held back by the runner's poll and the answer by nothing.
      setImmediate(() => {
        app.jobs.runDue().catch((error: unknown) => {
          request.log.warn({ err: error }, 'running the reset mail job at once failed');
        });
      });
      return neutralAnswer(clock.now().getTime());
    },
    sendLimits('password-send'),
  );

  serve(
    app,
    API.codes.confirmPasswordCode,
    async (request) => {
      const row = await findUserRowByEmail(db, request.body.email);
      if (!row) throw new AppError('invalid-verification-code');
      const code = await checkCode(
        db,
        secret,
        {
          userId: row.id,
          purpose: CodePurpose.ResetPassword,
          code: request.body.code,
          consume: false,
        },
        clock.now(),
      ).catch(async (error: unknown) => {
        // Dead codes per day are capped; the owner hears once when the cap is reached.
        if (error instanceof AppError) await noteWrongResetCode(ctx, row.id);
        throw error;
      });
      const resetToken = await signPurposeToken(
        { id: row.id, purpose: 'forget-password', codeId: code.id },
        app.config,
        RESET_TOKEN_TTL_SECONDS,
      );
      return { resetToken };
    },
    checkLimits('password-confirm'),
  );
};

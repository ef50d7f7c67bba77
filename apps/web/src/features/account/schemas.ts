/**
 * The forms' schemas: the domain's schemas themselves, or parts of them, so a form checks exactly
 * what the server checks. The domain's "confirmation must match" rules run even while another
 * field is still wrong, so a mismatch shows as soon as the confirmation is left. The password
 * settings use the domain's change and set schemas directly (ChangePasswordForm).
 */
import { z } from 'zod';
import {
  aboutSchema,
  bioSchema,
  confirmCodeBodySchema,
  createUserBodySchema,
  notificationMethodSchema,
  passwordWithConfirmationSchema,
  profileFieldsSchema,
  sendPhoneCodeBodySchema,
  studentProfileBodySchema,
  tutorNameSchema,
} from '@talaqa/domain';

/** POST /user/ from the sign-up page. */
export const registerFormSchema = createUserBodySchema;

/**
 * Step 3 of the forgot-password flow: the password fields of resetPasswordBodySchema (the reset
 * token is kept by the flow, not typed), with the same rules and codes.
 */
export const newPasswordFormSchema = passwordWithConfirmationSchema;

export const codeFormSchema = confirmCodeBodySchema;

/** The phone step: the number and the app the code should arrive by. */
export const phoneFormSchema = sendPhoneCodeBodySchema.extend({
  method: notificationMethodSchema.refine((method) => method !== 'none', 'required'),
});

export const notificationsFormSchema = z.object({ notificationMethod: notificationMethodSchema });

/** The Cairo calendar year, for the birth-year rules. */
export const currentYear = (): number =>
  Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Africa/Cairo' }).format());

/**
 * Step 1 of the complete-profile stepper: all four fields, as POST /student/ wants them. Once the
 * main info exists the same values go to PATCH /student/ (studentProfilePatchBodySchema: the same
 * rules, each field optional), so a value this form accepts the server accepts on either call.
 */
export const mainInfoFormSchema = (year: number) =>
  studentProfileBodySchema(year).pick({ birthYear: true, gender: true, city: true, level: true });

/** Step 2 of the stepper: job and aim ("عن نفسك"). */
export const aboutYouFormSchema = (year: number) =>
  studentProfileBodySchema(year).pick({ job: true, aim: true });

/** PUT /user/{id} from the student's profile tab. */
export const studentProfileFormSchema = (year: number) =>
  profileFieldsSchema(year)
    .pick({ birthYear: true, gender: true, city: true, level: true, job: true, aim: true })
    .extend({ name: profileFieldsSchema(year).shape.name.unwrap() });

/** PUT /user/{id} from the tutor's profile forms: an Arabic name, bio and about (all required). */
export const tutorProfileFormSchema = z.object({
  name: tutorNameSchema,
  bio: bioSchema,
  about: aboutSchema,
});

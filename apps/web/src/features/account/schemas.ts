/**
 * The forms' schemas, built from the domain's schemas so a form checks exactly what the server
 * checks. The one difference: a "confirmation must match" rule runs even while another field is
 * still wrong (zod skips an object's refinements after a missing value, such as an unticked
 * terms box), so the mismatch shows as soon as the confirmation is left.
 */
import { z } from 'zod';
import {
  aboutSchema,
  bioSchema,
  changePasswordSchema,
  confirmCodeBodySchema,
  createUserBodySchema,
  notificationMethodSchema,
  passwordSchema,
  profileFieldsSchema,
  resetPasswordBodySchema,
  sendPhoneCodeBodySchema,
  studentProfileBodySchema,
  tutorNameSchema,
} from '@talaqa/domain';
import type { ValidationCode } from '@talaqa/domain';

function confirmation<A extends string, B extends string>(a: A, b: B, code: ValidationCode) {
  const check = (form: Record<A | B, unknown>) => form[a] === form[b];
  const params = { error: code, path: [b] as PropertyKey[], when: () => true };
  return [check, params] as const;
}

/** POST /user/ from the sign-up page. */
export const registerFormSchema = z
  .object(createUserBodySchema.shape)
  .refine(...confirmation('password', 'passwordConfirmation', 'password-mismatch'));

/** Step 3 of the forgot-password flow (the reset token is kept by the flow, not typed). */
export const newPasswordFormSchema = z
  .object(resetPasswordBodySchema.shape)
  .pick({ password: true, passwordConfirmation: true })
  .refine(...confirmation('password', 'passwordConfirmation', 'password-mismatch'));

/** PATCH /auth/password with the current password. */
export const changePasswordFormSchema = z
  .object(changePasswordSchema.shape)
  .refine(...confirmation('newPassword', 'newPasswordConfirmation', 'new-password-mismatch'));

/** PATCH /auth/password for an account made with Google that has no password yet. */
export const setPasswordFormSchema = z
  .object({ newPassword: passwordSchema, newPasswordConfirmation: z.string() })
  .refine(...confirmation('newPassword', 'newPasswordConfirmation', 'new-password-mismatch'));

export const codeFormSchema = confirmCodeBodySchema;

/** The phone step: the number and the app the code should arrive by. */
export const phoneFormSchema = sendPhoneCodeBodySchema.extend({
  method: notificationMethodSchema.refine((method) => method !== 'none', 'required'),
});

export const notificationsFormSchema = z.object({ notificationMethod: notificationMethodSchema });

/** The Cairo calendar year, for the birth-year rules. */
export const currentYear = (): number =>
  Number(new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: 'Africa/Cairo' }).format());

/** Step 1 of the complete-profile stepper (POST /student/). */
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

/** PUT /user/{id} from the tutor's profile forms: an Arabic name, bio and about. */
export const tutorProfileFormSchema = z.object({
  name: tutorNameSchema,
  bio: bioSchema,
  about: aboutSchema,
});

/** The student's own profile: the "main info" step of complete-profile, then later edits. */
import { z } from 'zod';
import { ENGLISH_LEVELS } from '../enums';
import { birthYearSchema, genderSchema, governorateSchema } from '../validation';
import { optionalText } from '../users/fields';

/** POST /student/ : the "main info" step of the complete-profile stepper (all required). */
export function studentProfileBodySchema(currentYear: number) {
  return z.object({
    birthYear: birthYearSchema(currentYear),
    gender: genderSchema,
    city: governorateSchema,
    level: z.literal(ENGLISH_LEVELS, {
      error: (issue) => (issue.input == null ? 'required' : 'invalid-english-level'),
    }),
    job: optionalText(100),
    aim: optionalText(500),
  });
}
export type StudentProfileBody = z.input<ReturnType<typeof studentProfileBodySchema>>;

/**
 * PATCH /student/ : later edits of the main info. Every field is optional and only the fields
 * sent change; the four main-info fields cannot be cleared (null), so a complete profile stays
 * complete; job and aim may be (null or ""). An empty body is refused (`empty-request`).
 */
export function studentProfilePatchBodySchema(currentYear: number) {
  return studentProfileBodySchema(currentYear)
    .partial()
    .refine((body) => Object.values(body).some((value) => value !== undefined), {
      error: 'empty-request',
    });
}
export type StudentProfilePatchBody = z.input<ReturnType<typeof studentProfilePatchBodySchema>>;

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONTACT_MESSAGE_MIN_LENGTH,
  CONTACT_TITLE_MAX_LENGTH,
  contactFormProblems,
  contactVisitorFormSchema,
  normalisedContactForm,
} from '../src/index';
import type { ContactFormValues } from '../src/index';

/** The first code of each field, as the schema reports them. */
function schemaProblems(values: ContactFormValues) {
  const result = contactVisitorFormSchema.safeParse(values);
  const problems: Record<string, string> = {};
  if (result.success) return problems;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    problems[field] ??= issue.message;
  }
  return problems;
}

/** Texts near the bounds, with spaces around, NUL and Arabic letters, and e-mails good and bad. */
const text = (max: number) =>
  fc.oneof(
    fc.string({ maxLength: max + 5 }),
    fc.stringMatching(/^ {0,2}[ا-ي ]{0,12} {0,2}$/),
    fc.constantFrom('', '   ', 'a\u0000bcdefghijkl', 'x'.repeat(max), 'x'.repeat(max + 1)),
  );
const email = fc.oneof(
  fc.emailAddress(),
  fc.string({ maxLength: 30 }),
  fc.constantFrom('', ' A@B.COM ', 'a@b', 'a@b.c', `${'a'.repeat(250)}@b.co`, 'a\u0000@b.co'),
);

describe('the contact form without zod (record 355)', () => {
  it('reports exactly the codes of contactVisitorFormSchema, field by field', () => {
    fc.assert(
      fc.property(
        text(CONTACT_TITLE_MAX_LENGTH),
        text(CONTACT_MESSAGE_MIN_LENGTH + 20),
        email,
        (title, message, address) => {
          const values = { title, message, email: address };
          expect(contactFormProblems(values)).toEqual(schemaProblems(values));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('sends what the schema would send: trimmed texts, a lower-cased address', () => {
    const values = {
      title: '  مشكلة في الدفع ',
      message: ' دفعت ولم يظهر الاشتراك ',
      email: ' Sara@Mail.COM ',
    };
    expect(normalisedContactForm(values)).toEqual(contactVisitorFormSchema.parse(values));
  });
});

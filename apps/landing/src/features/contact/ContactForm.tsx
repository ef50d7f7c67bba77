import { useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_MESSAGE_MIN_LENGTH,
  CONTACT_TITLE_MAX_LENGTH,
  CONTACT_TITLE_MIN_LENGTH,
  contactFormProblems,
  isErrorCode,
  normalisedContactForm,
} from '@talaqa/domain';
import type { ContactFormValues as ContactVisitorForm } from '@talaqa/domain';
import { Alert, Button, Input, Textarea, formatNumber, messageForError } from '@talaqa/ui';
import { fieldErrorsOf, sendContactRequest } from '../../api';

type Field = keyof ContactVisitorForm;
type Errors = Partial<Record<Field, string>>;

const FIELDS: readonly Field[] = ['title', 'message', 'email'];
const EMPTY: ContactVisitorForm = { title: '', message: '', email: '' };

const isField = (path: string): path is Field => (FIELDS as readonly string[]).includes(path);

/**
 * The form's errors by the domain's rules, the same the server's schema applies (one code a
 * field), without zod: the island stays small (record 355).
 */
const validate = (values: ContactVisitorForm): Errors => contactFormProblems(values);

/** The `/contact` form: title, message and a reply address, sent to POST /contact-request/. */
function ContactForm({ onSent }: { onSent: () => void }) {
  const [values, setValues] = useState<ContactVisitorForm>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  // Fields are checked on send; after that, on every change, so a correction clears its error.
  const [checked, setChecked] = useState(false);
  const send = useMutation({ mutationFn: sendContactRequest });

  const change = (field: Field) => (event: { target: { value: string } }) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (checked) setErrors(validate(next));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    const found = validate(values);
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) {
      document.getElementById(`contact-${first}`)?.focus();
      return;
    }
    const parsed = normalisedContactForm(values);
    send.mutate(parsed, {
      onSuccess: onSent,
      onError: (error) => {
        const fromServer: Errors = {};
        for (const { path, code } of fieldErrorsOf(error)) {
          if (isField(path) && isErrorCode(code)) fromServer[path] = code;
        }
        setErrors(fromServer);
      },
    });
  };

  const placed = Object.keys(errors).length > 0;
  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4"
      aria-label="رسالة إلى فريق طلاقة"
    >
      <Input
        id="contact-title"
        label="عنوان الرسالة"
        hint={`من ${formatNumber(CONTACT_TITLE_MIN_LENGTH)} إلى ${formatNumber(CONTACT_TITLE_MAX_LENGTH)} حرفًا، مثل: «مشكلة في الدفع برقم فوري»`}
        value={values.title}
        onChange={change('title')}
        error={errors.title}
        maxLength={CONTACT_TITLE_MAX_LENGTH}
        autoComplete="off"
      />
      <Textarea
        id="contact-message"
        label="نص الرسالة"
        hint={`اشرح ما حدث أو ما تريد معرفته (${formatNumber(values.message.trim().length)} من ${formatNumber(CONTACT_MESSAGE_MAX_LENGTH)} حرف، وأقلها ${formatNumber(CONTACT_MESSAGE_MIN_LENGTH)}).`}
        value={values.message}
        onChange={change('message')}
        error={errors.message}
        rows={6}
      />
      <Input
        id="contact-email"
        label="بريدك الإلكتروني"
        hint="نرد عليك على هذا العنوان. إن كان لك حساب فاكتب بريده لنجده أسرع."
        type="email"
        dir="ltr"
        inputMode="email"
        autoComplete="email"
        value={values.email}
        onChange={change('email')}
        error={errors.email}
      />
      {send.isError && !placed && (
        <Alert tone="error" role="alert" title="لم تُرسَل رسالتك">
          {messageForError(send.error)}
        </Alert>
      )}
      <div>
        <Button type="submit" loading={send.isPending}>
          {send.isPending ? 'جارٍ الإرسال' : 'أرسل الرسالة'}
        </Button>
      </div>
    </form>
  );
}

/**
 * The form, then the thanks once sent: the island of `/contact` (record 355), the one part of
 * the page that runs a script.
 */
export function ContactFormPanel() {
  const [sent, setSent] = useState(0);
  const [showForm, setShowForm] = useState(true);
  if (showForm) {
    return (
      <ContactForm
        key={sent}
        onSent={() => {
          setSent((count) => count + 1);
          setShowForm(false);
        }}
      />
    );
  }
  return (
    <Alert
      tone="success"
      role="status"
      title="وصلتنا رسالتك"
      action={
        <Button variant="secondary" onClick={() => setShowForm(true)}>
          أرسل رسالة أخرى
        </Button>
      }
    >
      شكرًا لك. سنقرؤها ونرد عليك على بريدك في أقرب وقت.
    </Alert>
  );
}

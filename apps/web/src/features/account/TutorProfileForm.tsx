import { ABOUT_MAX_LENGTH, BIO_MAX_LENGTH, LOCALE, charCount } from '@talaqa/domain';
import type { User } from '@talaqa/domain';
import { Button, Input, Textarea, UI_MESSAGES, useToast } from '@talaqa/ui';
import { useCurrentUser } from '../session/session-context';
import { useFormFailure, useZodForm } from './forms';
import { useUpdateProfile } from './queries';
import { tutorProfileFormSchema } from './schemas';

/**
 * The tutor fields PUT /user/{id} accepts. The user record the server answers has no `bio` or
 * `about` (see the report): they are read when present, else the fields start empty.
 */
type WithTutorText = User & { bio?: string | null; about?: string | null };

const count = new Intl.NumberFormat(LOCALE);
const counter = (text: string | undefined, max: number) =>
  `${count.format(charCount((text ?? '').trim()))} من ${count.format(max)} حرف`;

/** Name in Arabic, bio and about (Arabic only): the tutor's public profile text. */
export function TutorProfileForm({ onSaved }: { onSaved?: () => void }) {
  const user = useCurrentUser() as WithTutorText;
  const toast = useToast();
  const update = useUpdateProfile();
  const form = useZodForm(tutorProfileFormSchema, {
    defaultValues: { name: user.name, bio: user.bio ?? '', about: user.about ?? '' },
  });
  const onFailure = useFormFailure(
    form.setError,
    ['name', 'bio', 'about'],
    UI_MESSAGES.profileUpdateFailed,
    { 'invalid-user-name': 'name' },
  );
  const submit = form.handleSubmit((body) =>
    update.mutateAsync(body).then(() => {
      toast.success(UI_MESSAGES.profileUpdated);
      onSaved?.();
    }, onFailure),
  );
  const { errors, isSubmitting } = form.formState;
  const [bio, about] = form.watch(['bio', 'about']);
  return (
    <form noValidate onSubmit={submit} className="flex max-w-2xl flex-col gap-4">
      <Input
        label="الاسم الكامل بالعربية"
        autoComplete="name"
        hint="يظهر للطلاب كما تكتبه هنا، مثل: أحمد محمد علي"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <Textarea
        label="نبذة قصيرة عنك"
        rows={3}
        hint={`بالعربية فقط، تظهر في بطاقتك بقائمة المعلمين. ${counter(bio, BIO_MAX_LENGTH)}`}
        error={errors.bio?.message}
        {...form.register('bio')}
      />
      <Textarea
        label="عن المعلم"
        rows={7}
        hint={`بالعربية فقط: خبرتك وأسلوبك في التدريس ومن تساعدهم. ${counter(about, ABOUT_MAX_LENGTH)}`}
        error={errors.about?.message}
        {...form.register('about')}
      />
      <div>
        <Button type="submit" loading={isSubmitting}>
          حفظ الملف التعريفي
        </Button>
      </div>
    </form>
  );
}

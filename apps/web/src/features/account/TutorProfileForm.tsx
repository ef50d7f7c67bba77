import { ABOUT_MAX_LENGTH, BIO_MAX_LENGTH, charCount } from '@talaqa/domain';
import type { TutorMeta } from '@talaqa/domain';
import {
  Button,
  ErrorState,
  Input,
  Skeleton,
  Spinner,
  Textarea,
  UI_MESSAGES,
  useToast,
  formatNumber,
} from '@talaqa/ui';
import { useCurrentUser } from '../../lib/session';
import { useFormFailure, useZodForm } from '../../lib/forms';
import { useTutorMeta, useUpdateProfile } from './queries';
import { tutorProfileFormSchema } from './schemas';

const counter = (text: string | undefined, max: number) =>
  `${formatNumber(charCount((text ?? '').trim()))} من ${formatNumber(max)} حرف`;

/**
 * Name in Arabic, bio and about (Arabic only): the tutor's public profile text. The saved bio and
 * about come from GET /user/tutor/meta (they are not part of the user record); the form appears
 * once they are loaded, so it never starts empty over saved text. Saving is PUT /user/{id}.
 */
export function TutorProfileForm({ onSaved }: { onSaved?: () => void }) {
  const meta = useTutorMeta();
  if (meta.isPending) {
    return (
      <div className="flex max-w-2xl flex-col gap-4" aria-busy="true">
        <Spinner label="جارٍ تحميل ملفك التعريفي" />
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-36 w-full" />
      </div>
    );
  }
  if (meta.isError) {
    return (
      <ErrorState
        error={meta.error}
        message="تعذّر تحميل نبذتك وفقرة «عن المعلم»، من فضلك حاول مرة أخرى"
        onRetry={() => void meta.refetch()}
        retrying={meta.isFetching}
      />
    );
  }
  return <TutorTextForm meta={meta.data} onSaved={onSaved} />;
}

function TutorTextForm({ meta, onSaved }: { meta: TutorMeta; onSaved?: () => void }) {
  const user = useCurrentUser();
  const toast = useToast();
  const update = useUpdateProfile();
  const form = useZodForm(tutorProfileFormSchema, {
    defaultValues: { name: user.name, bio: meta.bio ?? '', about: meta.about ?? '' },
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

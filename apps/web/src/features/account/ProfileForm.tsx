import { useMemo } from 'react';
import { Button, Input, Textarea, UI_MESSAGES, useToast } from '@talaqa/ui';
import { useCurrentUser } from '../../lib/session';
import { useFormFailure, useZodForm } from '../../lib/forms';
import {
  BirthYearSelect,
  CitySelect,
  GenderRadios,
  LevelSelect,
  asChoice,
  asNumber,
} from './ProfileFields';
import { useUpdateProfile } from './queries';
import { currentYear, studentProfileFormSchema } from './schemas';

const FIELDS = ['name', 'birthYear', 'gender', 'city', 'level', 'job', 'aim'] as const;

/** The student's profile tab: PUT /user/{id} with the name and the profile fields. */
export function ProfileForm() {
  const user = useCurrentUser();
  const toast = useToast();
  const update = useUpdateProfile();
  const year = useMemo(currentYear, []);
  const form = useZodForm(studentProfileFormSchema(year), {
    defaultValues: {
      name: user.name,
      birthYear: user.birthYear ?? undefined,
      gender: user.gender ?? undefined,
      city: user.city ?? undefined,
      level: user.level ?? undefined,
      job: user.job ?? '',
      aim: user.aim ?? '',
    },
  });
  const onFailure = useFormFailure(form.setError, FIELDS, UI_MESSAGES.profileUpdateFailed);
  const submit = form.handleSubmit((body) =>
    update.mutateAsync(body).then(() => toast.success(UI_MESSAGES.profileUpdated), onFailure),
  );
  const { errors, isSubmitting } = form.formState;
  return (
    <form noValidate onSubmit={submit} className="grid max-w-2xl gap-4 sm:grid-cols-2">
      <Input
        label="الاسم الكامل"
        autoComplete="name"
        wrapperClassName="flex flex-col gap-1.5 sm:col-span-2"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <BirthYearSelect
        currentYear={year}
        value={user.birthYear}
        error={errors.birthYear?.message}
        registration={form.register('birthYear', asNumber)}
      />
      <CitySelect
        value={user.city}
        error={errors.city?.message}
        registration={form.register('city', asNumber)}
      />
      <div className="sm:col-span-2">
        <GenderRadios
          error={errors.gender?.message}
          registration={form.register('gender', asChoice)}
        />
      </div>
      <LevelSelect
        value={user.level}
        error={errors.level?.message}
        registration={form.register('level', asNumber)}
      />
      <Input
        label="الوظيفة أو الدراسة"
        autoComplete="organization-title"
        error={errors.job?.message}
        {...form.register('job')}
      />
      <Textarea
        label="هدفك من تعلّم الإنجليزية"
        wrapperClassName="flex flex-col gap-1.5 sm:col-span-2"
        error={errors.aim?.message}
        {...form.register('aim')}
      />
      <div className="sm:col-span-2">
        <Button type="submit" loading={isSubmitting}>
          حفظ التغييرات
        </Button>
      </div>
    </form>
  );
}

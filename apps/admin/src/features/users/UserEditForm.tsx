import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  ENGLISH_LEVELS,
  GENDERS,
  GOVERNORATES,
  Governorate,
  NOTIFICATION_METHODS,
  Role,
  cairoParts,
  isAdminRole,
  toAsciiDigits,
  updateUserBodySchema,
} from '@talaqa/domain';
import type { NotificationMethod, UpdateUserBody, User } from '@talaqa/domain';
import {
  Button,
  ENGLISH_LEVEL_NAMES_AR,
  GENDER_NAMES_AR,
  GOVERNORATE_NAMES_AR,
  Input,
  NOTIFICATION_METHOD_NAMES_AR,
  ROLE_NAMES_AR,
  Select,
  Textarea,
  UI_MESSAGES,
  useToast,
} from '@talaqa/ui';
import { FormError } from '../../components/FormError';
import { actionErrorText, applyServerErrors, domainResolver } from '../../lib/forms';
import { assignableRoles } from './labels';
import { OwnPendingEmail } from './OwnPendingEmail';
import { useUpdateUser } from './queries';

/** The form keeps what the controls hold (text); the resolver turns it into the API body. */
interface UserForm {
  name: string;
  email: string;
  role: string;
  birthYear: string;
  gender: string;
  city: string;
  level: string;
  job: string;
  aim: string;
  notificationMethod: NotificationMethod;
}

const FIELDS = [
  'name',
  'email',
  'role',
  'birthYear',
  'gender',
  'city',
  'level',
  'job',
  'aim',
  'notificationMethod',
] as const satisfies readonly (keyof UserForm)[];

const formOf = (user: User): UserForm => ({
  name: user.name,
  email: user.email,
  role: String(user.role),
  birthYear: user.birthYear === null ? '' : String(user.birthYear),
  gender: user.gender ?? '',
  city: user.city === null ? '' : String(user.city),
  level: user.level === null ? '' : String(user.level),
  job: user.job ?? '',
  aim: user.aim ?? '',
  notificationMethod: user.notificationMethod,
});

const numberOrNull = (text: string): number | null => {
  const trimmed = toAsciiDigits(text.trim());
  return trimmed === '' ? null : Number(trimmed);
};

const bodyOf = (form: UserForm): Record<string, unknown> => ({
  name: form.name,
  email: form.email,
  // A disabled role control has no value: the role is then simply not sent.
  role: form.role ? Number(form.role) : undefined,
  birthYear: numberOrNull(form.birthYear),
  gender: form.gender || null,
  city: form.city ? Number(form.city) : null,
  level: form.level ? Number(form.level) : null,
  job: form.job,
  aim: form.aim,
  notificationMethod: form.notificationMethod,
});

/** Why the role cannot be changed here, or null when it can. */
function roleLock(viewer: User, user: User): string | null {
  if (viewer.id === user.id) return 'لا يمكنك تغيير دورك بنفسك';
  if (viewer.role !== Role.SuperAdmin && isAdminRole(user.role)) {
    return 'تغيير أدوار المشرفين للمشرف العام فقط';
  }
  return null;
}

/**
 * Edits a user's profile, e-mail and role (PUT /user/{id}). Only the fields that changed are sent;
 * only a super admin gives or takes the admin roles.
 */
export function UserEditForm({ user, viewer }: { user: User; viewer: User }) {
  const toast = useToast();
  const update = useUpdateUser(user.id);
  const [formError, setFormError] = useState<string | null>(null);
  const currentYear = cairoParts(new Date()).year;
  const resolver = useMemo(
    () => domainResolver<UserForm, UpdateUserBody>(updateUserBodySchema(currentYear), bodyOf),
    [currentYear],
  );
  const lock = roleLock(viewer, user);
  const roles = lock ? [user.role] : assignableRoles(viewer.role);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty, dirtyFields },
  } = useForm<UserForm, unknown, UpdateUserBody>({ resolver, defaultValues: formOf(user) });

  const onSubmit = handleSubmit(async (body) => {
    setFormError(null);
    const changed: UpdateUserBody = {};
    for (const field of FIELDS) {
      if (dirtyFields[field] && body[field] !== undefined) {
        Object.assign(changed, { [field]: body[field] });
      }
    }
    if (Object.keys(changed).length === 0) {
      toast.info('لا توجد تغييرات لحفظها');
      return;
    }
    try {
      const saved = await update.mutateAsync(changed);
      reset(formOf(saved));
      // One's own new address waits for its code (issue 15); anyone else's changes at once.
      if (changed.email !== undefined && saved.pendingEmail) {
        toast.info(UI_MESSAGES.emailChangeCodeSent);
      } else {
        toast.success('تم حفظ بيانات المستخدم');
      }
    } catch (error) {
      if (
        applyServerErrors(error, setError, FIELDS, {
          'user-exists': 'email',
          'invalid-user-name': 'name',
        })
      ) {
        return;
      }
      const text = actionErrorText(error, UI_MESSAGES.profileUpdateFailed);
      setFormError(text);
      toast.error(text);
    }
  });

  // 28 repeats 27 (both "المنوفية"): offer it only to a user who already has it.
  const governorates = GOVERNORATES.filter(
    (id) => id !== Governorate.Minufiya || user.city === Governorate.Minufiya,
  );

  return (
    <>
      {viewer.id === user.id && user.pendingEmail && (
        <OwnPendingEmail email={user.email} pendingEmail={user.pendingEmail} />
      )}
      <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        <Input
          label="الاسم"
          hint="الاسم الأول واسم العائلة"
          autoComplete="off"
          error={errors.name?.message}
          {...register('name')}
        />
        <Input
          label="البريد الإلكتروني"
          type="email"
          dir="ltr"
          autoComplete="off"
          error={errors.email?.message}
          {...register('email')}
        />
        <Select
          label="الدور"
          hint={lock ?? undefined}
          error={errors.role?.message}
          {...register('role', { disabled: !!lock })}
        >
          {roles.map((role) => (
            <option key={role} value={role}>
              {ROLE_NAMES_AR[role]}
            </option>
          ))}
        </Select>
        <Select
          label="طريقة الإشعارات"
          error={errors.notificationMethod?.message}
          {...register('notificationMethod')}
        >
          {NOTIFICATION_METHODS.map((method) => (
            <option key={method} value={method}>
              {NOTIFICATION_METHOD_NAMES_AR[method]}
            </option>
          ))}
        </Select>
        <Input
          label="سنة الميلاد"
          inputMode="numeric"
          dir="ltr"
          autoComplete="off"
          maxLength={4}
          error={errors.birthYear?.message}
          {...register('birthYear')}
        />
        <Select label="النوع" error={errors.gender?.message} {...register('gender')}>
          <option value="">غير محدد</option>
          {GENDERS.map((gender) => (
            <option key={gender} value={gender}>
              {GENDER_NAMES_AR[gender]}
            </option>
          ))}
        </Select>
        <Select label="المحافظة" error={errors.city?.message} {...register('city')}>
          <option value="">غير محددة</option>
          {governorates.map((id) => (
            <option key={id} value={id}>
              {GOVERNORATE_NAMES_AR[id]}
            </option>
          ))}
        </Select>
        <Select label="مستوى الإنجليزية" error={errors.level?.message} {...register('level')}>
          <option value="">غير محدد</option>
          {ENGLISH_LEVELS.map((level) => (
            <option key={level} value={level}>
              {ENGLISH_LEVEL_NAMES_AR[level]}
            </option>
          ))}
        </Select>
        <Input
          label="الوظيفة"
          autoComplete="off"
          wrapperClassName="flex flex-col gap-1.5 sm:col-span-2"
          error={errors.job?.message}
          {...register('job')}
        />
        <Textarea
          label="الهدف من تعلّم الإنجليزية"
          wrapperClassName="flex flex-col gap-1.5 sm:col-span-2"
          error={errors.aim?.message}
          {...register('aim')}
        />
        <FormError text={formError} className="sm:col-span-2" />
        <div className="flex flex-wrap justify-end gap-3 sm:col-span-2">
          <Button
            variant="secondary"
            disabled={!isDirty || isSubmitting}
            onClick={() => {
              setFormError(null);
              reset(formOf(user));
            }}
          >
            تراجع عن التغييرات
          </Button>
          <Button type="submit" loading={isSubmitting} disabled={!isDirty}>
            حفظ التغييرات
          </Button>
        </div>
      </form>
    </>
  );
}

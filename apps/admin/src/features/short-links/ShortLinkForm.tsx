import { useState } from 'react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import {
  CAMPAIGN_SOURCES,
  SHORT_LINK_SITES,
  shortLinkCreateBodySchema,
  shortLinkUpdateBodySchema,
} from '@talaqa/domain';
import type { CampaignSource, ShortLink, ShortLinkSite } from '@talaqa/domain';
import { Button, CAMPAIGN_SOURCE_NAMES_AR, Checkbox, Input, Select, useToast } from '@talaqa/ui';
import { FormError } from '../../components/FormError';
import { actionErrorText, applyServerErrors, domainResolver } from '../../lib/forms';
import { CopyShortUrl } from './CopyShortUrl';

/** The two sites a link may lead to, as an admin reads them. */
export const SITE_NAMES: Record<ShortLinkSite, string> = {
  landing: 'الموقع التعريفي',
  web: 'التطبيق (التسجيل والحساب)',
};

interface FormValues {
  name: string;
  source: string;
  label: string;
  site: string;
  path: string;
  active: boolean;
}

export interface ShortLinkFormOutput {
  name?: string;
  source?: CampaignSource;
  label?: string | null;
  site?: ShortLinkSite;
  path?: string;
  active?: boolean;
}

const FIELDS = ['name', 'source', 'label', 'site', 'path', 'active'] as const;

const createResolver = domainResolver<FormValues, ShortLinkFormOutput>(
  shortLinkCreateBodySchema,
  (values) => ({
    name: values.name,
    source: values.source || undefined,
    label: values.label,
    site: values.site || undefined,
    path: values.path,
    active: values.active,
  }),
);

const updateResolver = domainResolver<FormValues, ShortLinkFormOutput>(
  shortLinkUpdateBodySchema,
  (values) => ({
    label: values.label,
    site: values.site || undefined,
    path: values.path,
    active: values.active,
  }),
);

/**
 * The create and edit dialogs' form (record 351), checked with the domain's schemas. A link's
 * name and source are fixed once made (they are printed in posts and counted under); its
 * target, label and whether it works can change.
 */
export function ShortLinkForm({
  link,
  onSave,
  onSaved,
  children,
}: {
  /** The link being edited; absent: a new one. */
  link?: ShortLink;
  onSave: (body: ShortLinkFormOutput) => Promise<unknown>;
  onSaved: () => void;
  children?: ReactNode;
}) {
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, ShortLinkFormOutput>({
    resolver: link ? updateResolver : createResolver,
    defaultValues: {
      name: link?.name ?? '',
      source: link?.source ?? CAMPAIGN_SOURCES[0],
      label: link?.label ?? '',
      site: link?.site ?? 'web',
      path: link?.path ?? '/register/student',
      active: link?.active ?? true,
    },
  });
  const name = (link?.name ?? watch('name')).trim().toLowerCase();

  const onSubmit = handleSubmit(async (body) => {
    setFormError(null);
    try {
      await onSave(body);
      onSaved();
    } catch (error) {
      if (applyServerErrors(error, setError, FIELDS, { 'short-link-exists': 'name' })) return;
      const text = actionErrorText(error, 'تعذّر حفظ الرابط المختصر، من فضلك حاول مرة أخرى');
      setFormError(text);
      toast.error(text);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <Input
        label="اسم الرابط"
        dir="ltr"
        autoComplete="off"
        hint={
          link ? 'لا يتغير الاسم بعد الإنشاء.' : 'حروف إنجليزية صغيرة وأرقام وشرطات، مثل ramadan-fb'
        }
        readOnly={Boolean(link)}
        error={errors.name?.message}
        {...register('name')}
      />
      <Select
        label="المصدر"
        disabled={Boolean(link)}
        error={errors.source?.message}
        {...register('source')}
      >
        {CAMPAIGN_SOURCES.map((source) => (
          <option key={source} value={source}>
            {CAMPAIGN_SOURCE_NAMES_AR[source]} ({source})
          </option>
        ))}
      </Select>
      <Input
        label="اسم الحملة (اختياري)"
        autoComplete="off"
        error={errors.label?.message}
        {...register('label')}
      />
      <Select label="يفتح على" error={errors.site?.message} {...register('site')}>
        {SHORT_LINK_SITES.map((site) => (
          <option key={site} value={site}>
            {SITE_NAMES[site]}
          </option>
        ))}
      </Select>
      <Input
        label="صفحة الوجهة"
        dir="ltr"
        autoComplete="off"
        hint="مسار صفحة على مواقعنا يبدأ بـ / مثل /pricing أو /register/student"
        error={errors.path?.message}
        {...register('path')}
      />
      <Checkbox label="الرابط يعمل" {...register('active')} />
      {name && <CopyShortUrl name={name} />}
      <FormError text={formError} />
      <div className="flex flex-wrap justify-end gap-3">
        {children}
        <Button type="submit" loading={isSubmitting}>
          {link ? 'حفظ التعديل' : 'إنشاء الرابط'}
        </Button>
      </div>
    </form>
  );
}

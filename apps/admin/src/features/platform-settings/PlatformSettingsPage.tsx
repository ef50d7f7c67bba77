import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  AUDIT_ACTIONS,
  AUDIT_ACTION_LABELS,
  MONEY_SCALER,
  formatMoney,
  pageCount,
  platformSettingsSchema,
} from '@talaqa/domain';
import type {
  AuditAction,
  AuditEntry,
  ErrorCode,
  PlatformSettingKey,
  PlatformSettingsView,
  SettingChange,
} from '@talaqa/domain';
import {
  Button,
  ConfirmDialog,
  EmptyState,
  Input,
  PageTitle,
  QueryContent,
  Select,
  SkeletonRows,
  Tabs,
  formatNumber,
  useToast,
} from '@talaqa/ui';
import { isApiError } from '../../api';
import { ListPagination } from '../../components/ListPagination';
import { formatDateTime } from '../../lib/format';
import { usePageSize } from '../../lib/page-size';
import {
  useAuditLog,
  useFlushCache,
  usePlatformSettings,
  useSaveSettings,
  useSettingHistory,
} from './queries';

/** The form's fields as typed: money in EGP, the notice period in minutes, links as text. */
type FormValues = Record<PlatformSettingKey, string>;
type Errors = Partial<Record<PlatformSettingKey, ErrorCode>>;

const MONEY_KEYS: ReadonlySet<PlatformSettingKey> = new Set([
  'withdrawalMin',
  'withdrawalMax',
  'tutorRatePerMinute',
]);

const SETTING_LABELS: Record<PlatformSettingKey, string> = {
  withdrawalMin: 'الحد الأدنى للسحب',
  withdrawalMax: 'الحد الأقصى للسحب',
  tutorRatePerMinute: 'أجر المعلم عن كل دقيقة',
  supportGroupUrl: 'رابط مجموعة دعم المعلمين',
  supportChatUrl: 'رابط محادثة الدعم',
  defaultNoticePeriod: 'مهلة الحجز الافتراضية',
};

/** "150" or "١٥٠٫٥" EGP as typed, in piasters (NaN when it is not a number). */
function piastersOf(egp: string): number {
  const ascii = egp
    .trim()
    .replace(/[٠-٩]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace('٫', '.');
  if (!/^-?\d+(\.\d{1,2})?$/.test(ascii)) return Number.NaN;
  return Math.round(Number(ascii) * MONEY_SCALER);
}

const formOf = (settings: PlatformSettingsView): FormValues => ({
  withdrawalMin: String(settings.withdrawalMin / MONEY_SCALER),
  withdrawalMax: String(settings.withdrawalMax / MONEY_SCALER),
  tutorRatePerMinute: String(settings.tutorRatePerMinute / MONEY_SCALER),
  supportGroupUrl: settings.supportGroupUrl ?? '',
  supportChatUrl: settings.supportChatUrl ?? '',
  defaultNoticePeriod: String(settings.defaultNoticePeriod),
});

/** A setting's value as the history and the audit log show it. */
function settingText(key: PlatformSettingKey, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'بدون';
  if (typeof value === 'number') {
    if (MONEY_KEYS.has(key)) return formatMoney(value);
    if (key === 'defaultNoticePeriod') return `${formatNumber(value)} دقيقة`;
  }
  return String(value);
}

function SettingsForm({ settings }: { settings: PlatformSettingsView }) {
  const toast = useToast();
  const save = useSaveSettings();
  const [values, setValues] = useState<FormValues>(() => formOf(settings));
  const [errors, setErrors] = useState<Errors>({});

  const set = (key: PlatformSettingKey) => (value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      withdrawalMin: piastersOf(values.withdrawalMin),
      withdrawalMax: piastersOf(values.withdrawalMax),
      tutorRatePerMinute: piastersOf(values.tutorRatePerMinute),
      supportGroupUrl: values.supportGroupUrl,
      supportChatUrl: values.supportChatUrl,
      defaultNoticePeriod: Number(values.defaultNoticePeriod.trim() || Number.NaN),
    };
    const parsed = platformSettingsSchema.safeParse(body);
    const found: Errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) as PlatformSettingKey;
        found[key] ??= issue.message as ErrorCode;
      }
    }
    setErrors(found);
    if (!parsed.success) return;
    // What the schema made of it: links trimmed, an empty one as none (null).
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        setValues(formOf(saved));
        toast.success('حُفظت إعدادات المنصة');
      },
      onError: (error) => {
        if (isApiError(error) && error.fields?.length) {
          const fromServer: Errors = {};
          for (const field of error.fields) {
            fromServer[field.path as PlatformSettingKey] ??= field.code;
          }
          setErrors(fromServer);
        } else {
          toast.error('تعذّر حفظ الإعدادات، حاول مرة أخرى');
        }
      },
    });
  };

  const field = (key: PlatformSettingKey, hint: string, ltr = true) => (
    <Input
      label={SETTING_LABELS[key]}
      hint={hint}
      dir={ltr ? 'ltr' : undefined}
      inputMode={key.endsWith('Url') ? 'url' : 'decimal'}
      value={values[key]}
      error={errors[key]}
      disabled={save.isPending}
      onChange={(event) => set(key)(event.target.value)}
    />
  );

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 className="text-lg font-bold">حدود السحب والأجر</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        {field('withdrawalMin', 'بالجنيه، أكبر من صفر ولا يزيد على الحد الأقصى')}
        {field('withdrawalMax', 'بالجنيه، أقصى ما يطلبه المعلم في طلب واحد')}
        {field('tutorRatePerMinute', 'بالجنيه، يسري على الحصص التي تكتمل بعد الحفظ فقط')}
        {field('defaultNoticePeriod', 'بالدقائق، من صفر حتى يومين')}
      </div>
      <h2 className="text-lg font-bold">روابط الدعم</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        {field('supportGroupUrl', 'تظهر للمعلم في أول خطوات الانضمام؛ اتركه فارغًا إن لم يوجد')}
        {field('supportChatUrl', 'رابط يبدأ بـ https://؛ اتركه فارغًا إن لم يوجد')}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={save.isPending}>
          حفظ الإعدادات
        </Button>
        {settings.updatedAt && (
          <p className="text-sm text-muted">آخر تعديل {formatDateTime(settings.updatedAt)}</p>
        )}
      </div>
    </form>
  );
}

function CacheFlush() {
  const toast = useToast();
  const flush = useFlushCache();
  const [confirming, setConfirming] = useState(false);
  return (
    <section className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm sm:p-6">
      <h2 className="text-lg font-bold">الذاكرة المؤقتة للخادم</h2>
      <p className="text-sm text-muted">
        يمسح صفحات قائمة المعلمين المحفوظة على كل الخوادم، فتُقرأ من جديد عند أول طلب.
      </p>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="مسح الذاكرة المؤقتة؟"
        description="ستُبنى قائمة المعلمين من جديد، وقد تبطئ الصفحات الأولى قليلًا."
        confirmLabel="مسح"
        loading={flush.isPending}
        onConfirm={() =>
          flush.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast.success('مُسحت الذاكرة المؤقتة');
            },
            onError: () => toast.error('تعذّر مسح الذاكرة المؤقتة، حاول مرة أخرى'),
          })
        }
        trigger={
          <Button variant="danger" className="self-start">
            مسح الذاكرة المؤقتة
          </Button>
        }
      />
    </section>
  );
}

function HistoryItem({ change }: { change: SettingChange }) {
  return (
    <li className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-3">
      <p className="font-semibold">{SETTING_LABELS[change.key]}</p>
      <p className="text-sm">
        من <bdi>{settingText(change.key, change.oldValue)}</bdi> إلى{' '}
        <bdi className="font-semibold">{settingText(change.key, change.newValue)}</bdi>
      </p>
      <p className="text-sm text-muted">
        {change.changedByName} · {formatDateTime(change.changedAt)}
      </p>
    </li>
  );
}

function SettingHistory() {
  const [page, setPage] = useState(1);
  const [size, setSize] = usePageSize();
  const query = useSettingHistory(page, size);
  return (
    <section aria-labelledby="settings-history" className="flex flex-col gap-3">
      <h2 id="settings-history" className="sr-only">
        سجل تغييرات الإعدادات
      </h2>
      <QueryContent
        query={query}
        loading={<SkeletonRows rows={4} rowClassName="h-16 w-full rounded-xl" />}
        isEmpty={(data) => data.total === 0}
        empty={
          <EmptyState title="لم يُغيَّر أي إعداد بعد" description="تعمل المنصة بالقيم الافتراضية." />
        }
      >
        {(data) => (
          <ul className="flex flex-col gap-2">
            {data.list.map((change) => (
              <HistoryItem key={change.id} change={change} />
            ))}
          </ul>
        )}
      </QueryContent>
      <ListPagination
        label="صفحات سجل التغييرات"
        total={query.data?.total}
        page={page}
        totalPages={pageCount(query.data?.total ?? 0, size)}
        onPageChange={setPage}
        pageSize={size}
        setPageSize={(next) => {
          setSize(next);
          setPage(1);
        }}
      />
    </section>
  );
}

/** The audit row's details in one line: old -> new where it has them, else the fields. */
function auditSummary(entry: AuditEntry): string {
  const details = entry.details;
  if (entry.action === 'settings.update') {
    return Object.entries(details)
      .map(([key, change]) => {
        const { from, to } = (change ?? {}) as { from?: unknown; to?: unknown };
        const setting = key as PlatformSettingKey;
        return `${SETTING_LABELS[setting] ?? key}: ${settingText(setting, from)} ← ${settingText(setting, to)}`;
      })
      .join('، ');
  }
  if ('from' in details && 'to' in details)
    return `${String(details.from)} ← ${String(details.to)}`;
  if (Array.isArray(details.fields)) return `الحقول: ${details.fields.join('، ')}`;
  if (typeof details.action === 'string') return `الإجراء: ${details.action}`;
  return '';
}

function AuditList() {
  const [page, setPage] = useState(1);
  const [size, setSize] = usePageSize();
  const [action, setAction] = useState<AuditAction | undefined>(undefined);
  const query = useAuditLog(page, size, action);
  return (
    <section aria-labelledby="audit-log" className="flex flex-col gap-3">
      <h2 id="audit-log" className="sr-only">
        سجل إجراءات المشرفين
      </h2>
      <Select
        label="نوع الإجراء"
        value={action ?? ''}
        onChange={(event) => {
          setAction((event.target.value || undefined) as AuditAction | undefined);
          setPage(1);
        }}
        className="max-w-xs"
      >
        <option value="">كل الإجراءات</option>
        {AUDIT_ACTIONS.map((value) => (
          <option key={value} value={value}>
            {AUDIT_ACTION_LABELS[value]}
          </option>
        ))}
      </Select>
      <QueryContent
        query={query}
        loading={<SkeletonRows rows={4} rowClassName="h-16 w-full rounded-xl" />}
        isEmpty={(data) => data.total === 0}
        empty={
          <EmptyState
            title="لا توجد إجراءات مسجلة"
            description="ستظهر هنا إجراءات المشرفين فور حدوثها."
          />
        }
      >
        {(data) => (
          <ul className="flex flex-col gap-2">
            {data.list.map((entry) => (
              <li
                key={entry.id}
                className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-3"
              >
                <p className="font-semibold">
                  {AUDIT_ACTION_LABELS[entry.action]}
                  {entry.targetId !== null && (
                    <span className="text-muted"> · رقم {formatNumber(entry.targetId)}</span>
                  )}
                </p>
                {auditSummary(entry) && (
                  <p className="text-sm break-words">{auditSummary(entry)}</p>
                )}
                <p className="text-sm text-muted">
                  {entry.actorName} · {formatDateTime(entry.createdAt)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </QueryContent>
      <ListPagination
        label="صفحات سجل الإجراءات"
        total={query.data?.total}
        page={page}
        totalPages={pageCount(query.data?.total ?? 0, size)}
        onPageChange={setPage}
        pageSize={size}
        setPageSize={(next) => {
          setSize(next);
          setPage(1);
        }}
      />
    </section>
  );
}

/**
 * /platform-settings (issue 23 items 3 and 11): the settings' form with its Arabic messages and
 * the cache flush behind a confirmation; the settings' history; the admins' audit log.
 */
export default function PlatformSettingsPage() {
  const settings = usePlatformSettings();
  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageTitle title="إعدادات المنصة والذاكرة المؤقتة">
        <p>حدود السحب وأجر المعلم وروابط الدعم، وسجل كل تغيير وكل إجراء للمشرفين.</p>
      </PageTitle>
      <Tabs
        label="أقسام إعدادات المنصة"
        items={[
          {
            value: 'settings',
            label: 'الإعدادات',
            content: (
              <div className="flex flex-col gap-6">
                <QueryContent
                  query={settings}
                  loading={<SkeletonRows rows={6} rowClassName="h-10 w-full" />}
                >
                  {(data) => <SettingsForm settings={data} />}
                </QueryContent>
                <CacheFlush />
              </div>
            ),
          },
          { value: 'history', label: 'سجل التغييرات', content: <SettingHistory /> },
          { value: 'audit', label: 'سجل الإجراءات', content: <AuditList /> },
        ]}
      />
    </section>
  );
}

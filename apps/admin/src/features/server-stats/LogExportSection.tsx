import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import {
  API,
  LOG_EXPORT_MAX_DAYS,
  LOG_LEVEL_LABELS,
  LOG_LEVEL_NAMES,
  isValidationCode,
  logExportFileName,
  logExportQuerySchema,
} from '@talaqa/domain';
import type { LogExportQuery, LogLevelName, ServerStatsSample } from '@talaqa/domain';
import {
  Alert,
  Button,
  Input,
  Select,
  fieldErrorText,
  formatNumber,
  messageForError,
} from '@talaqa/ui';
import { api, isApiError } from '../../api';
import { cairoLocalInputOf, instantOfCairoLocal } from '../coupons/cairo-input';

type Instance = Pick<ServerStatsSample['instance'], 'id' | 'name' | 'pid'>;
type Field = 'from' | 'to' | 'level' | 'instance';
type FieldErrors = Partial<Record<Field, string>>;

const HOUR_MS = 60 * 60 * 1000;

/** What the last download gave: a file saved (perhaps cut at the cap), or nothing to save. */
type Outcome = { kind: 'saved'; name: string; cutAt: number | null } | { kind: 'empty' };

/** "talaqa-logs-….ndjson", as the server's `content-disposition` names the file. */
function fileNameOf(headers: Headers | undefined, fallback: string): string {
  const disposition = headers?.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallback;
}

function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The cap the server cut the file at, read from its last line (`{"cut":true,"maxLines":…}`). */
async function cutAtOf(blob: Blob): Promise<number | null> {
  const tail = await blob.slice(Math.max(0, blob.size - 600)).text();
  const last = tail.trimEnd().split('\n').at(-1) ?? '';
  try {
    const line = JSON.parse(last) as { cut?: unknown; maxLines?: unknown };
    return line.cut === true && typeof line.maxLines === 'number' ? line.maxLines : null;
  } catch {
    return null;
  }
}

/** The form's fields as the query, or the field errors (the contract's own rules and codes). */
function queryOf(values: {
  from: string;
  to: string;
  level: string;
  instance: string;
}): { query: LogExportQuery; from: Date; to: Date } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const from = instantOfCairoLocal(values.from);
  const to = instantOfCairoLocal(values.to);
  if (!from) errors.from = values.from.trim() ? 'invalid-type' : 'required';
  if (!to) errors.to = values.to.trim() ? 'invalid-type' : 'required';
  if (!from || !to) return { errors };
  const query: LogExportQuery = {
    from: from.toISOString(),
    to: to.toISOString(),
    ...(values.level ? { level: values.level as LogLevelName } : {}),
    ...(values.instance ? { instance: values.instance } : {}),
  };
  const read = logExportQuerySchema.safeParse(query);
  if (read.success) return { query, from, to };
  for (const issue of read.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return { errors };
}

/** The server's field codes, on their fields. */
function fieldErrorsOf(error: unknown): FieldErrors | null {
  if (!isApiError(error) || !error.fields?.length) return null;
  const errors: FieldErrors = {};
  for (const { path, code } of error.fields) {
    if (['from', 'to', 'level', 'instance'].includes(path) && isValidationCode(code)) {
      errors[path as Field] ??= code;
    }
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/**
 * "Export logs" on `/server-stats` (issue 23 item 6; decision 350): the log lines of every
 * instance (or one) for a Cairo-time range, at a level and above, saved as a JSON-lines file.
 * The file is fetched with the admin's token, then handed to the browser to save.
 */
export function LogExportSection({
  instances,
  now = () => new Date(),
}: {
  instances: readonly Instance[];
  /** The form's default range ends now (tests fix it). */
  now?: () => Date;
}) {
  const headingId = useId();
  const [values, setValues] = useState(() => {
    const end = now();
    return {
      from: cairoLocalInputOf(new Date(end.getTime() - HOUR_MS).toISOString()),
      to: cairoLocalInputOf(new Date(end.getTime() + 60_000).toISOString()),
      level: '',
      instance: '',
    };
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const set = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const download = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setOutcome(null);
    const read = queryOf(values);
    if ('errors' in read) {
      setErrors(read.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      let headers: Headers | undefined;
      const blob = (await api.call(
        API.logs.export,
        { query: read.query },
        {
          onHeaders: (received) => {
            headers = received;
          },
        },
      )) as Blob;
      if (blob.size === 0) {
        setOutcome({ kind: 'empty' });
        return;
      }
      const name = fileNameOf(headers, logExportFileName(read.from, read.to));
      save(blob, name);
      setOutcome({ kind: 'saved', name, cutAt: await cutAtOf(blob) });
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) setErrors(fields);
      else setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby={headingId}
      className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={headingId} className="text-lg font-bold text-ink">
        تنزيل سجلات الخادم
      </h2>
      <p className="mb-3 text-sm text-muted">
        سطور السجل من كل الخوادم (أو من خادم واحد) في فترة لا تزيد على{' '}
        {formatNumber(LOG_EXPORT_MAX_DAYS)} أيام، مرتبة بالوقت، في ملف سطور JSON (‎.ndjson). كلمات
        المرور والرموز السرية محجوبة.
      </p>
      <form noValidate onSubmit={(event) => void download(event)} className="flex flex-col gap-3">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Input
            label="من"
            hint="بتوقيت القاهرة"
            type="datetime-local"
            dir="ltr"
            value={values.from}
            error={fieldErrorText(errors.from)}
            onChange={(event) => set('from')(event.target.value)}
          />
          <Input
            label="إلى"
            hint="بتوقيت القاهرة، غير داخل في الفترة"
            type="datetime-local"
            dir="ltr"
            value={values.to}
            error={fieldErrorText(errors.to)}
            onChange={(event) => set('to')(event.target.value)}
          />
          <Select
            label="المستوى"
            hint="هذا المستوى وما هو أخطر منه"
            value={values.level}
            error={fieldErrorText(errors.level)}
            onChange={(event) => set('level')(event.target.value)}
          >
            <option value="">كل المستويات المحفوظة</option>
            {LOG_LEVEL_NAMES.map((level) => (
              <option key={level} value={level}>
                {LOG_LEVEL_LABELS[level]}
              </option>
            ))}
          </Select>
          <Select
            label="الخادم"
            hint="الخوادم التي تعمل الآن؛ «كل الخوادم» تشمل ما توقف منها"
            value={values.instance}
            error={fieldErrorText(errors.instance)}
            onChange={(event) => set('instance')(event.target.value)}
          >
            <option value="">كل الخوادم</option>
            {instances.map((instance) => (
              <option key={instance.id} value={instance.id}>
                {instance.name} (pid {instance.pid})
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" loading={busy}>
            تنزيل السجلات
          </Button>
          <p role="status" className="text-sm text-muted">
            {busy && 'جارٍ تجهيز الملف…'}
            {!busy && outcome?.kind === 'saved' && (
              <>
                نُزّل الملف{' '}
                <span dir="ltr" className="break-all">
                  {outcome.name}
                </span>
              </>
            )}
            {!busy && outcome?.kind === 'empty' && 'لا توجد سطور سجل تطابق هذا الاختيار.'}
          </p>
        </div>
        {outcome?.kind === 'saved' && outcome.cutAt !== null && (
          <Alert tone="warning" title="الملف مقطوع">
            وصل الملف إلى الحد الأقصى ({formatNumber(outcome.cutAt)} سطر)، وآخر سطر فيه يذكر وقت أول
            سطر لم يُنزَّل. اختر فترة أقصر أو مستوى أعلى لرؤية الباقي.
          </Alert>
        )}
        {failure !== null && (
          <p role="alert" className="text-sm text-red-700">
            تعذّر تنزيل السجلات: {messageForError(failure)}
          </p>
        )}
      </form>
    </section>
  );
}

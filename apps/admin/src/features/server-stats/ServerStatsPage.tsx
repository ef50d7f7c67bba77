import type { ReactNode } from 'react';
import { SERVER_STATS_INTERVAL_MS } from '@talaqa/domain';
import type { ServerStatsSample } from '@talaqa/domain';
import {
  Alert,
  Badge,
  EmptyState,
  PageTitle,
  Spinner,
  countedText,
  formatNumber,
} from '@talaqa/ui';
import type { BadgeTone } from '@talaqa/ui';
import { inDisplayOrder, isSilent, totals } from './instances';
import { LogExportSection } from './LogExportSection';
import type { InstanceEntry } from './instances';
import { useServerStats } from './use-server-stats';
import type { WatchState } from './use-server-stats';

const TITLE = 'حالة الخوادم';
const decimal = new Intl.NumberFormat('ar-EG', { maximumFractionDigits: 1 });
const twoDigits = new Intl.NumberFormat('ar-EG', { minimumIntegerDigits: 2, useGrouping: false });
const INTERVAL_SECONDS = SERVER_STATS_INTERVAL_MS / 1000;

const DAYS = { one: 'يوم واحد', two: 'يومان', few: 'أيام', many: 'يومًا', other: 'يوم' };
const SERVERS = {
  zero: 'لا خادم يعمل',
  one: 'خادم واحد يعمل',
  two: 'خادمان يعملان',
  few: 'خوادم تعمل',
  many: 'خادمًا يعمل',
  other: 'خادم يعمل',
};

/** "٣:٠٥:٠٩", or "يومان و٣:٠٥" past a day. */
export function uptimeText(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  const clock = `${formatNumber(hours)}:${twoDigits.format(minutes)}`;
  if (days > 0) return `${countedText(days, DAYS)} و${clock}`;
  return `${clock}:${twoDigits.format(Math.floor(seconds % 60))}`;
}

const megabytes = (bytes: number): string => `${decimal.format(bytes / 1024 / 1024)} م.ب`;

const WATCH_TEXT: Record<WatchState, { tone: BadgeTone; text: string }> = {
  connecting: { tone: 'neutral', text: 'جارٍ الاتصال…' },
  watching: { tone: 'success', text: `مباشر: قراءة كل ${formatNumber(INTERVAL_SECONDS)} ثوانٍ` },
  refused: { tone: 'danger', text: 'غير مسموح' },
  offline: { tone: 'warning', text: 'انقطع الاتصال، نعيد المحاولة' },
};

/** The last minute of one figure as a small line, the latest at the left (Arabic reading). */
function Sparkline({ values, label }: { values: readonly number[]; label: string }) {
  if (values.length < 2) return null;
  const top = Math.max(...values, 1);
  const step = 100 / (values.length - 1);
  const points = values
    .map((value, index) => `${100 - index * step},${22 - (value / top) * 20}`)
    .join(' ');
  return (
    <svg
      viewBox="0 0 100 24"
      preserveAspectRatio="none"
      className="mt-1 h-6 w-full text-brand-600"
      role="img"
      aria-label={label}
    >
      <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

function Figure({ term, children, tone }: { term: string; children: ReactNode; tone?: 'bad' }) {
  return (
    <div className="min-w-0 rounded-lg bg-slate-50 px-3 py-2">
      <dt className="text-sm text-muted">{term}</dt>
      <dd className={tone === 'bad' ? 'font-semibold text-red-700' : 'font-semibold text-ink'}>
        {children}
      </dd>
    </div>
  );
}

function upDown(up: boolean): string {
  return up ? 'يعمل' : 'متوقف';
}

function InstanceCard({ entry, now }: { entry: InstanceEntry; now: number }) {
  const sample: ServerStatsSample = entry.latest;
  const silent = isSilent(entry, now);
  const secondsAgo = Math.max(0, Math.round((now - entry.receivedAt) / 1000));
  const headingId = `instance-${sample.instance.id}`;
  const { pool } = sample.database;
  const { jobs } = sample;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="truncate text-lg font-bold text-ink" dir="auto">
            {sample.instance.name}
          </h2>
          <p className="text-sm break-all text-muted" dir="ltr">
            {sample.instance.host} · pid {sample.instance.pid} · {sample.instance.version} ·{' '}
            {sample.instance.node}
          </p>
        </div>
        <Badge tone={silent ? 'danger' : 'success'}>{silent ? 'لا يستجيب' : 'يعمل'}</Badge>
      </header>
      {silent && (
        <p role="status" className="text-sm text-red-700">
          لم تصل قراءة منه منذ {formatNumber(secondsAgo)} ثانية: ربما توقف أو انقطع عن Redis.
        </p>
      )}
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Figure term="المعالج">
          {decimal.format(sample.cpuPercent)}٪
          <Sparkline
            values={entry.history.map((each) => each.cpuPercent)}
            label="المعالج في آخر دقيقة"
          />
        </Figure>
        <Figure term="الطلبات في الثانية">
          {decimal.format(sample.requestsPerSecond)}
          <Sparkline
            values={entry.history.map((each) => each.requestsPerSecond)}
            label="الطلبات في الثانية في آخر دقيقة"
          />
        </Figure>
        <Figure term="الذاكرة">
          {megabytes(sample.memory.rssBytes)}
          <span className="block text-sm font-normal text-muted">
            الكومة {megabytes(sample.memory.heapUsedBytes)} من{' '}
            {megabytes(sample.memory.heapTotalBytes)}
          </span>
        </Figure>
        <Figure
          term="تأخر حلقة الأحداث (p99)"
          tone={sample.eventLoopDelayMs.p99 > 100 ? 'bad' : undefined}
        >
          {decimal.format(sample.eventLoopDelayMs.p99)} مللي ث
          <span className="block text-sm font-normal text-muted">
            المتوسط {decimal.format(sample.eventLoopDelayMs.mean)}
          </span>
        </Figure>
        <Figure term="الاتصالات المفتوحة">{formatNumber(sample.sockets)}</Figure>
        <Figure term="قاعدة البيانات" tone={sample.database.up ? undefined : 'bad'}>
          {upDown(sample.database.up)}
          <span className="block text-sm font-normal text-muted">
            {pool
              ? `الاتصالات ${formatNumber(pool.total)} من ${formatNumber(pool.max)}، خاملة ${formatNumber(pool.idle)}، تنتظر ${formatNumber(pool.waiting)}`
              : 'مدمجة (بلا مجموعة اتصالات)'}
          </span>
        </Figure>
        <Figure term="Redis" tone={sample.redis?.up === false ? 'bad' : undefined}>
          {sample.redis ? upDown(sample.redis.up) : 'غير مستخدم'}
        </Figure>
        <Figure term="المهام" tone={jobs && jobs.givenUp > 0 ? 'bad' : undefined}>
          {jobs ? `${formatNumber(jobs.due)} مستحقة` : 'تعذرت القراءة'}
          {jobs && (
            <span className="block text-sm font-normal text-muted">
              مجدولة {formatNumber(jobs.scheduled)}، فشلت نهائيًا {formatNumber(jobs.givenUp)}
            </span>
          )}
        </Figure>
        <Figure term="مدة التشغيل">{uptimeText(sample.uptimeSeconds)}</Figure>
      </dl>
    </article>
  );
}

/** `/server-stats` (issue 23 item 4): every running instance, live. */
export default function ServerStatsPage() {
  const { instances, now, watch } = useServerStats();
  const entries = inDisplayOrder(instances);
  const sum = totals(instances, now);
  const state = WATCH_TEXT[watch];
  return (
    <>
      <PageTitle title={TITLE}>
        ما يقرؤه كل خادم يعمل الآن عن نفسه: المعالج والذاكرة والطلبات والاتصالات وقاعدة البيانات
        وخادم Redis والمهام المنتظرة.
      </PageTitle>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <Badge tone={state.tone}>{state.text}</Badge>
        {entries.length > 0 && (
          <p className="text-muted" aria-live="polite">
            {countedText(sum.answering, SERVERS)}، {formatNumber(sum.sockets)} اتصال مفتوح،{' '}
            {decimal.format(sum.requestsPerSecond)} طلب في الثانية
          </p>
        )}
      </div>
      {watch === 'refused' && (
        <Alert tone="error" title="لا يمكن عرض حالة الخوادم">
          هذه الصفحة للمشرفين فقط.
        </Alert>
      )}
      {watch !== 'refused' && entries.length === 0 && (
        <EmptyState
          title={watch === 'watching' ? 'ننتظر أول قراءة من الخوادم' : 'جارٍ الاتصال بالخوادم'}
          description="تظهر هنا بطاقة لكل خادم خلال ثوانٍ."
          illustration={<Spinner size="lg" decorative />}
        />
      )}
      {entries.length > 0 && (
        <div className="grid gap-4 lg:grid-cols-2">
          {entries.map((entry) => (
            <InstanceCard key={entry.latest.instance.id} entry={entry} now={now} />
          ))}
        </div>
      )}
      {watch !== 'refused' && (
        <LogExportSection instances={entries.map((entry) => entry.latest.instance)} />
      )}
    </>
  );
}

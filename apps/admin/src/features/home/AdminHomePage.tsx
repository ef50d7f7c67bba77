import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { API, formatCairoDayMonth, formatMoney } from '@talaqa/domain';
import type { AdminOverview, PlatformFigures } from '@talaqa/domain';
import { BarChart, PageTitle, QueryContent, Skeleton, formatNumber } from '@talaqa/ui';
import { api } from '../../api';
import { paths } from '../../paths';

/** Eight Cairo weeks: two months, which still fit a phone's width (as the dashboards' charts). */
const WEEKS = 8;

const adminOverviewKey = ['admin-overview', WEEKS] as const;

function useAdminOverview() {
  return useQuery({
    queryKey: adminOverviewKey,
    queryFn: ({ signal }) => api.call(API.stats.admin, { query: { weeks: WEEKS } }, { signal }),
    // The home is where an admin returns: fresh figures each time, and every minute while open.
    refetchInterval: 60_000,
  });
}

const money = (piasters: number): string => formatMoney(piasters);

interface Tile {
  label: string;
  value: string;
  to: string;
  /** Something waits for an admin: the tile says so by more than its colour. */
  waiting?: boolean;
}

function TileLink({ tile }: { tile: Tile }) {
  return (
    <li>
      <Link
        to={tile.to}
        className={
          'flex min-h-24 flex-col justify-between gap-2 rounded-xl border bg-white p-4 hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 ' +
          (tile.waiting ? 'border-amber-400' : 'border-slate-200')
        }
      >
        <span className="text-muted">{tile.label}</span>
        <span className="text-2xl font-bold text-ink">
          {tile.value}
          {tile.waiting && <span className="ms-2 text-sm font-semibold text-amber-800">ينتظر</span>}
        </span>
      </Link>
    </li>
  );
}

function todayTiles(today: PlatformFigures): Tile[] {
  return [
    { label: 'طلاب جدد', value: formatNumber(today.newStudents), to: paths.users },
    { label: 'معلمون جدد', value: formatNumber(today.newTutors), to: paths.tutors },
    { label: 'مدفوعات ناجحة', value: formatNumber(today.payments), to: paths.transactions },
    { label: 'الإيراد (بعد المسترد)', value: money(today.revenue), to: paths.transactions },
    { label: 'دروس حُجزت', value: formatNumber(today.lessonsBooked), to: paths.lessons },
    { label: 'دروس أقيمت', value: formatNumber(today.lessonsHeld), to: paths.lessons },
  ];
}

function waitingTiles(waiting: AdminOverview['waiting']): Tile[] {
  const tile = (label: string, count: number, to: string): Tile => ({
    label,
    value: formatNumber(count),
    to,
    waiting: count > 0,
  });
  return [
    tile('فيديوهات تعريفية للمراجعة', waiting.introVideos, paths.tutors),
    tile('طلبات سحب تنتظر', waiting.withdrawals, paths.invoices),
    tile('مقابلات وجلسات تنتظر القرار', waiting.decisions, paths.interviews),
    tile('رسائل تواصل لم يُرد عليها', waiting.contactRequests, paths.contactRequests),
  ];
}

type Week = AdminOverview['weeks'][number];

function WeeksChart({
  weeks,
  title,
  axis,
  value,
  format = formatNumber,
}: {
  weeks: readonly Week[];
  title: string;
  axis: string;
  value: (week: Week) => number;
  format?: (value: number) => string;
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <h3 className="mb-2 font-semibold text-ink">{title}</h3>
      <BarChart
        title={title}
        categoryAxisLabel="الأسبوع (يبدأ السبت)"
        valueAxisLabel={axis}
        formatValue={format}
        data={weeks.map((week) => ({
          label: formatCairoDayMonth(new Date(week.weekStart)),
          value: value(week),
        }))}
      />
    </div>
  );
}

function Overview({ overview }: { overview: AdminOverview }) {
  const { weeks } = overview;
  return (
    <>
      <section aria-labelledby="today-heading" className="mb-8">
        <h2 id="today-heading" className="mb-3 text-xl font-bold text-ink">
          اليوم
        </h2>
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-3">
          {todayTiles(overview.today).map((tile) => (
            <TileLink key={tile.label} tile={tile} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="waiting-heading" className="mb-8">
        <h2 id="waiting-heading" className="mb-3 text-xl font-bold text-ink">
          ينتظر الإدارة
        </h2>
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {waitingTiles(overview.waiting).map((tile) => (
            <TileLink key={tile.label} tile={tile} />
          ))}
        </ul>
      </section>
      <section aria-labelledby="weeks-heading">
        <h2 id="weeks-heading" className="mb-3 text-xl font-bold text-ink">
          آخر ثمانية أسابيع
        </h2>
        <div className="grid gap-4 xl:grid-cols-2">
          <WeeksChart
            weeks={weeks}
            title="الإيراد أسبوعيًا بالجنيه"
            axis="الجنيه"
            value={(week) => week.revenue / 100}
            format={(pounds) => formatMoney(Math.round(pounds * 100))}
          />
          <WeeksChart
            weeks={weeks}
            title="الحسابات الجديدة أسبوعيًا (طلاب ومعلمون)"
            axis="الحسابات"
            value={(week) => week.newStudents + week.newTutors}
          />
          <WeeksChart
            weeks={weeks}
            title="الدروس المحجوزة أسبوعيًا"
            axis="الدروس"
            value={(week) => week.lessonsBooked}
          />
          <WeeksChart
            weeks={weeks}
            title="الدروس التي أقيمت أسبوعيًا"
            axis="الدروس"
            value={(week) => week.lessonsHeld}
          />
        </div>
      </section>
    </>
  );
}

/** `/`: the platform today, what waits for an admin, and the last weeks (issue 23 item 1). */
export default function AdminHomePage() {
  const overview = useAdminOverview();
  return (
    <section className="w-full max-w-6xl px-4 py-8 sm:px-6">
      <PageTitle title="لوحة الإدارة">
        <p>أرقام اليوم بتوقيت القاهرة، وما ينتظر الإدارة، وآخر ثمانية أسابيع.</p>
      </PageTitle>
      <QueryContent
        query={overview}
        loading={
          <div role="status" aria-label="جارٍ تحميل الأرقام" className="grid gap-3 sm:grid-cols-3">
            <Skeleton className="h-24" />
            <Skeleton className="h-24" />
            <Skeleton className="h-24" />
          </div>
        }
      >
        {(data) => <Overview overview={data} />}
      </QueryContent>
    </section>
  );
}

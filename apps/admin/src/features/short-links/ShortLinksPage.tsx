import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatMoney, fromCairoLocal } from '@talaqa/domain';
import type { CampaignSourceRow, ShortLink, ShortLinkRow } from '@talaqa/domain';
import {
  Badge,
  Button,
  CAMPAIGN_SOURCE_NAMES_AR,
  ConfirmDialog,
  Dialog,
  EmptyState,
  Input,
  PageTitle,
  QueryContent,
  SkeletonRows,
  Spinner,
  cx,
  formatNumber,
  useToast,
} from '@talaqa/ui';
import { DialogCancelButton } from '../../components/EditDialog';
import { actionErrorText } from '../../lib/forms';
import { formatDate } from '../../lib/format';
import { SITE_NAMES, ShortLinkForm } from './ShortLinkForm';
import type { ShortLinkFormOutput } from './ShortLinkForm';
import {
  useCreateShortLink,
  useDeleteShortLink,
  useShortLinkReport,
  useUpdateShortLink,
} from './queries';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const dayOf = (text: string | null): string | undefined =>
  text !== null && DAY.test(text) ? text : undefined;

/** The instant a Cairo day starts, `after` days later: "2026-11-01" is 2026-10-31T22:00Z. */
export function cairoDayStart(text: string, after = 0): string {
  const [year, month, day] = (DAY.exec(text) ?? []).slice(1).map(Number) as [
    number,
    number,
    number,
  ];
  return fromCairoLocal({ year, month, day: day + after }).toISOString();
}

type Figures = Pick<ShortLinkRow, 'clicks' | 'signUps' | 'payers' | 'payments' | 'revenue'>;

/** The columns of both tables, in order. */
const FIGURE_COLUMNS: { key: keyof Figures; label: string }[] = [
  { key: 'clicks', label: 'النقرات' },
  { key: 'signUps', label: 'التسجيلات' },
  { key: 'payers', label: 'طلاب دفعوا' },
  { key: 'payments', label: 'المدفوعات' },
  { key: 'revenue', label: 'الإيرادات' },
];

const figureText = (figures: Figures, key: keyof Figures): string =>
  key === 'revenue' ? formatMoney(figures.revenue) : formatNumber(figures[key]);

function ShortPath({ name }: { name: string }) {
  return (
    <bdi dir="ltr" className="font-semibold break-words text-ink">
      /url/{name}
    </bdi>
  );
}

/** The site on one line, the path under it (a path is never cut inside a word). */
function Target({ link }: { link: ShortLink }) {
  return (
    <span className="flex flex-col text-sm">
      <span>{SITE_NAMES[link.site]}</span>
      <bdi dir="ltr" className="text-start break-words text-muted">
        {link.path}
      </bdi>
    </span>
  );
}

function StateBadge({ active }: { active: boolean }) {
  return <Badge tone={active ? 'success' : 'neutral'}>{active ? 'يعمل' : 'متوقف'}</Badge>;
}

function LinkActions({
  link,
  onEdit,
  onDelete,
}: {
  link: ShortLink;
  onEdit: (link: ShortLink) => void;
  onDelete: (link: ShortLink) => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="secondary"
        size="sm"
        aria-label={`تعديل الرابط ${link.name}`}
        onClick={() => onEdit(link)}
      >
        تعديل
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="text-red-700 hover:bg-red-50"
        aria-label={`حذف الرابط ${link.name}`}
        onClick={() => onDelete(link)}
      >
        حذف
      </Button>
    </div>
  );
}

function LinksTable({
  links,
  busy,
  onEdit,
  onDelete,
}: {
  links: ShortLinkRow[];
  busy: boolean;
  onEdit: (link: ShortLink) => void;
  onDelete: (link: ShortLink) => void;
}) {
  return (
    <div aria-busy={busy || undefined} className={cx('transition-opacity', busy && 'opacity-60')}>
      <div className="hidden overflow-x-auto lg:block">
        <table className="w-full border-collapse overflow-hidden rounded-xl bg-white text-sm shadow-sm">
          <caption className="sr-only">الروابط المختصرة وأرقامها</caption>
          <thead className="bg-slate-50 text-muted">
            <tr>
              {['الرابط', 'المصدر', 'الوجهة', 'الحالة'].map((header) => (
                <th key={header} scope="col" className="px-3 py-3 text-start font-semibold">
                  {header}
                </th>
              ))}
              {FIGURE_COLUMNS.map((column) => (
                <th key={column.key} scope="col" className="px-3 py-3 text-start font-semibold">
                  {column.label}
                </th>
              ))}
              <th scope="col" className="px-3 py-3 text-start font-semibold">
                الإجراءات
              </th>
            </tr>
          </thead>
          <tbody>
            {links.map((link) => (
              <tr key={link.id} className="border-t border-slate-100 align-top">
                <th scope="row" className="min-w-40 px-3 py-3 text-start font-normal">
                  <ShortPath name={link.name} />
                  {link.label && <p className="text-muted">{link.label}</p>}
                </th>
                <td className="px-3 py-3">{CAMPAIGN_SOURCE_NAMES_AR[link.source]}</td>
                <td className="min-w-36 px-3 py-3">
                  <Target link={link} />
                </td>
                <td className="px-3 py-3">
                  <StateBadge active={link.active} />
                </td>
                {FIGURE_COLUMNS.map((column) => (
                  <td key={column.key} className="px-3 py-3 tabular-nums">
                    {figureText(link, column.key)}
                  </td>
                ))}
                <td className="px-3 py-3">
                  <LinkActions link={link} onEdit={onEdit} onDelete={onDelete} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label="الروابط المختصرة" className="flex flex-col gap-3 lg:hidden">
        {links.map((link) => (
          <li
            key={link.id}
            className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <ShortPath name={link.name} />
              <StateBadge active={link.active} />
            </div>
            <p className="text-sm">
              {CAMPAIGN_SOURCE_NAMES_AR[link.source]}
              {link.label ? `، ${link.label}` : ''}
            </p>
            <Target link={link} />
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
              {FIGURE_COLUMNS.map((column) => (
                <div key={column.key} className="flex justify-between gap-2">
                  <dt className="text-muted">{column.label}</dt>
                  <dd className="font-semibold tabular-nums">{figureText(link, column.key)}</dd>
                </div>
              ))}
            </dl>
            <LinkActions link={link} onEdit={onEdit} onDelete={onDelete} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function SourcesTable({ sources }: { sources: CampaignSourceRow[] }) {
  const total = sources.reduce<Figures>(
    (sum, row) => ({
      clicks: sum.clicks + row.clicks,
      signUps: sum.signUps + row.signUps,
      payers: sum.payers + row.payers,
      payments: sum.payments + row.payments,
      revenue: sum.revenue + row.revenue,
    }),
    { clicks: 0, signUps: 0, payers: 0, payments: 0, revenue: 0 },
  );
  const rows = [
    ...sources.map((row) => ({
      key: row.source,
      name: CAMPAIGN_SOURCE_NAMES_AR[row.source],
      figures: row as Figures,
    })),
    { key: 'total', name: 'المجموع', figures: total },
  ];
  return (
    <>
      <ul
        aria-label="الأرقام حسب المصدر"
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 md:hidden"
      >
        {rows.map((row) => (
          <li
            key={row.key}
            className={cx(
              'flex flex-col gap-2 rounded-xl border bg-white p-4',
              row.key === 'total' ? 'border-brand-700' : 'border-slate-200',
            )}
          >
            <span className="font-semibold text-ink">{row.name}</span>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              {FIGURE_COLUMNS.map((column) => (
                <div key={column.key} className="flex justify-between gap-2">
                  <dt className="text-muted">{column.label}</dt>
                  <dd className="font-semibold tabular-nums">
                    {figureText(row.figures, column.key)}
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-xl bg-white shadow-sm md:block">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">الأرقام حسب المصدر</caption>
          <thead className="bg-slate-50 text-muted">
            <tr>
              <th scope="col" className="px-3 py-3 text-start font-semibold">
                المصدر
              </th>
              {FIGURE_COLUMNS.map((column) => (
                <th key={column.key} scope="col" className="px-3 py-3 text-start font-semibold">
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sources.map((row) => (
              <tr key={row.source} className="border-t border-slate-100">
                <th scope="row" className="px-3 py-2 text-start font-normal">
                  {CAMPAIGN_SOURCE_NAMES_AR[row.source]}
                </th>
                {FIGURE_COLUMNS.map((column) => (
                  <td key={column.key} className="px-3 py-2 tabular-nums">
                    {figureText(row, column.key)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-slate-200 font-bold">
              <th scope="row" className="px-3 py-2 text-start">
                المجموع
              </th>
              {FIGURE_COLUMNS.map((column) => (
                <td key={column.key} className="px-3 py-2 tabular-nums">
                  {figureText(total, column.key)}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}

/**
 * `/short-links` (ours, issue 23 item 9; record 351): the short links of the marketing site with
 * their clicks, sign-ups and payments over a Cairo date range, the totals per source, and the
 * create, edit and delete dialogs (deleting asks first).
 */
export default function ShortLinksPage() {
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const from = dayOf(params.get('from'));
  const to = dayOf(params.get('to'));
  const reversed = from !== undefined && to !== undefined && from > to;
  const report = useShortLinkReport(
    reversed
      ? {}
      : {
          from: from ? cairoDayStart(from) : undefined,
          to: to ? cairoDayStart(to, 1) : undefined,
        },
  );
  const create = useCreateShortLink();
  const update = useUpdateShortLink();
  const remove = useDeleteShortLink();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ShortLink | null>(null);
  const [deleting, setDeleting] = useState<ShortLink | null>(null);

  const setDay = (key: 'from' | 'to', value: string) => {
    const next = new URLSearchParams(params);
    if (dayOf(value)) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  const confirmDelete = async (link: ShortLink) => {
    try {
      await remove.mutateAsync(link.id);
      toast.success(`حُذف الرابط /url/${link.name}`);
    } catch (error) {
      toast.error(actionErrorText(error, 'تعذّر حذف الرابط، من فضلك حاول مرة أخرى'));
    } finally {
      setDeleting(null);
    }
  };

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6">
      <PageTitle title="الروابط المختصرة والحملات">
        <p>
          روابط قصيرة على الموقع التعريفي لكل حملة ومصدر، ومن نقر عليها وسجّل ودفع خلال الفترة
          المختارة (بتوقيت القاهرة).
        </p>
      </PageTitle>

      <div className="flex flex-wrap items-end justify-between gap-3">
        <fieldset className="flex flex-wrap items-end gap-3">
          <legend className="sr-only">الفترة</legend>
          <Input
            label="من يوم"
            type="date"
            value={from ?? ''}
            onChange={(event) => setDay('from', event.target.value)}
            error={reversed ? 'يوم البداية بعد يوم النهاية، من فضلك صحّح الفترة' : undefined}
          />
          <Input
            label="إلى يوم"
            type="date"
            value={to ?? ''}
            onChange={(event) => setDay('to', event.target.value)}
          />
          {(from ?? to) && (
            <Button
              variant="ghost"
              onClick={() => setParams(new URLSearchParams(), { replace: true })}
            >
              كل الفترات
            </Button>
          )}
          {report.isFetching && !report.isPending && <Spinner size="sm" />}
        </fieldset>
        <Dialog
          title="رابط مختصر جديد"
          open={creating}
          onOpenChange={setCreating}
          trigger={<Button>رابط جديد</Button>}
        >
          {creating && (
            <ShortLinkForm
              onSave={(body: ShortLinkFormOutput) =>
                create.mutateAsync({
                  name: body.name ?? '',
                  source: body.source ?? 'wa',
                  label: body.label ?? null,
                  site: body.site ?? 'web',
                  path: body.path ?? '/',
                  active: body.active ?? true,
                })
              }
              onSaved={() => {
                setCreating(false);
                toast.success('أُنشئ الرابط المختصر');
              }}
            >
              <DialogCancelButton />
            </ShortLinkForm>
          )}
        </Dialog>
      </div>

      <section aria-labelledby="links-title" className="flex flex-col gap-3">
        <h2 id="links-title" className="text-xl font-bold text-ink">
          الروابط
        </h2>
        <QueryContent
          query={report}
          loading={<SkeletonRows rows={3} rowClassName="h-8 w-full" />}
          isEmpty={(data) => data.links.length === 0}
          empty={
            <EmptyState
              title="لا توجد روابط مختصرة بعد"
              description="أنشئ رابطًا لكل حملة بزر «رابط جديد»، ثم شاركه في منشوراتك."
            />
          }
        >
          {(data) => (
            <LinksTable
              links={data.links}
              busy={report.isPlaceholderData}
              onEdit={setEditing}
              onDelete={setDeleting}
            />
          )}
        </QueryContent>
      </section>

      {report.data && (
        <section aria-labelledby="sources-title" className="flex flex-col gap-3">
          <h2 id="sources-title" className="text-xl font-bold text-ink">
            حسب المصدر
          </h2>
          <p className="text-sm text-muted">
            تشمل من سجّل بمصدر دون رابط مختصر. الإيرادات بعد خصم المبالغ المستردة.
            {from || to
              ? ` الفترة: ${from ? formatDate(cairoDayStart(from)) : 'البداية'} إلى ${to ? formatDate(cairoDayStart(to)) : 'اليوم'}.`
              : ''}
          </p>
          <SourcesTable sources={report.data.sources} />
        </section>
      )}

      <Dialog
        title="تعديل الرابط المختصر"
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      >
        {editing && (
          <ShortLinkForm
            link={editing}
            onSave={(body: ShortLinkFormOutput) =>
              update.mutateAsync({
                id: editing.id,
                body: {
                  label: body.label ?? null,
                  ...(body.site ? { site: body.site } : {}),
                  ...(body.path ? { path: body.path } : {}),
                  ...(body.active !== undefined ? { active: body.active } : {}),
                },
              })
            }
            onSaved={() => {
              setEditing(null);
              toast.success('حُفظ تعديل الرابط');
            }}
          >
            <DialogCancelButton />
          </ShortLinkForm>
        )}
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="حذف الرابط المختصر"
        description={
          deleting
            ? `سيتوقف /url/${deleting.name} عن العمل وتُحذف نقراته، ويبقى مصدر من سجّلوا عبره. لإيقافه مؤقتًا عطّله من «تعديل» بدل حذفه. لا يمكن التراجع عن الحذف.`
            : undefined
        }
        confirmLabel="حذف الرابط"
        cancelLabel="تراجع"
        loading={remove.isPending}
        onConfirm={() => {
          if (deleting) void confirmDelete(deleting);
        }}
      />
    </div>
  );
}

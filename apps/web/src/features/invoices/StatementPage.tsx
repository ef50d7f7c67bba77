import { Link, useSearchParams } from 'react-router';
import {
  CAIRO_MONTH_PATTERN,
  LedgerEntryKind,
  cairoMonthOf,
  cairoMonthRange,
  formatCairoDate,
  formatInCairo,
  formatMoney,
  shiftCairoMonth,
} from '@talaqa/domain';
import type { Statement } from '@talaqa/domain';
import {
  Button,
  EmptyState,
  ErrorState,
  INVOICE_LABEL_NAMES_AR,
  Select,
  SkeletonRows,
  WITHDRAW_METHOD_NAMES_AR,
  buttonClasses,
  formatNumber,
  usePageTitle,
} from '@talaqa/ui';
import { paths } from '../../paths';
import { minutesText } from '../../lib/format';
import { useStatement } from './earnings-queries';

/** How many months back the picker offers: two years of statements. */
const PICKER_MONTHS = 24;

/** "نوفمبر ٢٠٢٦". */
export const monthName = (month: string): string =>
  formatInCairo(cairoMonthRange(month).start, { month: 'long', year: 'numeric' });

/** "+٦٠٫٠٠ ج.م." or "−٢٠٠٫٠٠ ج.م.": a movement with its direction. */
function signed(amount: number): string {
  return `${amount < 0 ? '−' : '+'}${formatMoney(Math.abs(amount))}`;
}

function Summary({ statement }: { statement: Statement }) {
  const items = [
    { label: 'الرصيد في أول الشهر', value: formatMoney(statement.openingBalance) },
    { label: 'أجر الدروس', value: signed(statement.lessonsTotal) },
    { label: 'طلبات السحب', value: signed(statement.withdrawalsTotal) },
    { label: 'الرصيد في آخر الشهر', value: formatMoney(statement.closingBalance) },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 print:grid-cols-4">
      {items.map((item) => (
        <div
          key={item.label}
          className="rounded-xl border border-slate-200 bg-white p-3 print:rounded-none"
        >
          <dt className="text-sm text-muted">{item.label}</dt>
          <dd className="mt-1 text-lg font-bold text-ink">
            <bdi>{item.value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}

const cell = 'border-b border-slate-200 px-3 py-2 text-start align-top';
const head = `${cell} bg-slate-50 font-semibold text-ink`;

function LessonsTable({ statement }: { statement: Statement }) {
  if (statement.lessons.length === 0) {
    return <EmptyState title="لا دروس في هذا الشهر" description="لم يُضف أجر أي درس إلى رصيدك." />;
  }
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white print:overflow-visible">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">
          الدروس المضافة إلى الرصيد في {monthName(statement.month)}
        </caption>
        <thead className="print:table-header-group">
          <tr>
            <th scope="col" className={head}>
              تاريخ الدرس
            </th>
            <th scope="col" className={head}>
              الطالب
            </th>
            <th scope="col" className={head}>
              الدقائق
            </th>
            <th scope="col" className={head}>
              المبلغ
            </th>
          </tr>
        </thead>
        <tbody>
          {statement.lessons.map((line) => (
            <tr key={line.entryId} className="break-inside-avoid">
              <td className={cell}>
                {formatCairoDate(new Date(line.lessonStart))}
                {line.kind === LedgerEntryKind.LessonReversal && (
                  <span className="block text-xs text-red-700">
                    استرداد في {formatCairoDate(new Date(line.at))}
                  </span>
                )}
              </td>
              <td className={cell}>{line.studentName}</td>
              <td className={cell}>{minutesText(line.minutes)}</td>
              <td className={`${cell} font-semibold whitespace-nowrap`}>
                <bdi>{signed(line.amount)}</bdi>
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3} className={head}>
              مجموع أجر الدروس
            </th>
            <td className={`${head} whitespace-nowrap`}>
              <bdi>{signed(statement.lessonsTotal)}</bdi>
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function WithdrawalsTable({ statement }: { statement: Statement }) {
  if (statement.withdrawals.length === 0) {
    return <EmptyState title="لا طلبات سحب في هذا الشهر" />;
  }
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white print:overflow-visible">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">حركات طلبات السحب في {monthName(statement.month)}</caption>
        <thead className="print:table-header-group">
          <tr>
            <th scope="col" className={head}>
              التاريخ
            </th>
            <th scope="col" className={head}>
              الطلب
            </th>
            <th scope="col" className={head}>
              الحالة الآن
            </th>
            <th scope="col" className={head}>
              المبلغ
            </th>
          </tr>
        </thead>
        <tbody>
          {statement.withdrawals.map((line) => (
            <tr key={line.entryId} className="break-inside-avoid">
              <td className={cell}>{formatCairoDate(new Date(line.at))}</td>
              <td className={cell}>
                {line.kind === LedgerEntryKind.Withdrawal ? 'طلب سحب' : 'إعادة مبلغ طلب سحب'} رقم{' '}
                {formatNumber(line.invoiceId)}
                <span className="block text-xs text-muted">
                  {WITHDRAW_METHOD_NAMES_AR[line.method]}
                </span>
              </td>
              <td className={cell}>{INVOICE_LABEL_NAMES_AR[line.label]}</td>
              <td className={`${cell} font-semibold whitespace-nowrap`}>
                <bdi>{signed(line.amount)}</bdi>
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3} className={head}>
              مجموع حركات السحب
            </th>
            <td className={`${head} whitespace-nowrap`}>
              <bdi>{signed(statement.withdrawalsTotal)}</bdi>
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The month picker: the previous and next month, or any of the last two years. */
function MonthPicker({
  month,
  current,
  onChange,
}: {
  month: string;
  current: string;
  onChange: (month: string) => void;
}) {
  const choices = Array.from({ length: PICKER_MONTHS }, (_, back) =>
    shiftCairoMonth(current, -back),
  );
  if (!choices.includes(month)) choices.push(month);
  return (
    <div className="flex flex-wrap items-end gap-2">
      <Button
        variant="secondary"
        size="sm"
        onClick={() => onChange(shiftCairoMonth(month, -1))}
        className="mb-0.5"
      >
        الشهر السابق
      </Button>
      <Select
        label="الشهر"
        value={month}
        onChange={(event) => onChange(event.target.value)}
        wrapperClassName="min-w-40"
      >
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {monthName(choice)}
          </option>
        ))}
      </Select>
      <Button
        variant="secondary"
        size="sm"
        disabled={month >= current}
        onClick={() => onChange(shiftCairoMonth(month, 1))}
        className="mb-0.5"
      >
        الشهر التالي
      </Button>
    </div>
  );
}

/**
 * /invoices/statement?month=YYYY-MM (decision 335): the tutor's monthly statement, an A4 page the
 * browser prints or saves as PDF: every lesson credited or reversed and every withdrawal held or
 * given back in the Cairo month, between the balance at its start and at its end.
 */
export default function StatementPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  // The tutor's own device clock names "this month"; the server checks nothing by it.
  const current = cairoMonthOf(new Date());
  const asked = searchParams.get('month');
  const month = asked !== null && CAIRO_MONTH_PATTERN.test(asked) ? asked : current;
  const statement = useStatement(month);
  const title = `كشف الحساب الشهري: ${monthName(month)}`;
  // Also the name the browser gives the saved PDF.
  usePageTitle(title);

  return (
    <article
      data-print-document
      aria-labelledby="statement-title"
      className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6 print:max-w-none print:gap-4 print:p-0"
    >
      <div className="flex flex-wrap items-end justify-between gap-3 print:hidden">
        <MonthPicker
          month={month}
          current={current}
          onChange={(next) => setSearchParams({ month: next })}
        />
        <div className="flex flex-wrap gap-2">
          <Link to={paths.invoices} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
            العودة إلى الأرباح
          </Link>
          <Button size="sm" disabled={!statement.isSuccess} onClick={() => window.print()}>
            طباعة أو حفظ PDF
          </Button>
        </div>
      </div>

      <header className="flex flex-col gap-1 border-b border-slate-200 pb-4">
        <p className="text-sm font-semibold text-brand-700">طلاقة</p>
        <h1 id="statement-title" className="text-2xl font-bold text-ink">
          {title}
        </h1>
        {statement.data && (
          <p className="text-muted">
            المعلم: {statement.data.tutorName} · من {formatCairoDate(new Date(statement.data.from))}{' '}
            إلى نهاية {formatCairoDate(new Date(new Date(statement.data.to).getTime() - 1))} بتوقيت
            القاهرة · المبالغ بالجنيه المصري
          </p>
        )}
      </header>

      {statement.isPending ? (
        <div role="status" aria-label="جارٍ تحميل كشف الحساب">
          <SkeletonRows rows={4} rowClassName="h-12 w-full" />
        </div>
      ) : statement.isError ? (
        <ErrorState
          title="تعذّر تحميل كشف الحساب"
          error={statement.error}
          onRetry={() => void statement.refetch()}
          retrying={statement.isFetching}
        />
      ) : (
        <>
          <Summary statement={statement.data} />
          <section aria-labelledby="statement-lessons" className="flex flex-col gap-3">
            <h2 id="statement-lessons" className="text-lg font-bold text-ink">
              الدروس ({formatNumber(statement.data.lessons.length)})
            </h2>
            <LessonsTable statement={statement.data} />
          </section>
          <section aria-labelledby="statement-withdrawals" className="flex flex-col gap-3">
            <h2 id="statement-withdrawals" className="text-lg font-bold text-ink">
              طلبات السحب ({formatNumber(statement.data.withdrawals.length)})
            </h2>
            <WithdrawalsTable statement={statement.data} />
          </section>
          <p className="text-xs text-muted">
            الرصيد هو المتاح للسحب: أجر الدروس المكتملة ناقص ما حُوِّل وما ينتظر التحويل. يُحسب الدرس في
            الشهر الذي أُضيف فيه أجره إلى الرصيد.
          </p>
        </>
      )}
    </article>
  );
}

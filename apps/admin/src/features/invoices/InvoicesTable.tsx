import { Link } from 'react-router';
import { formatMoney } from '@talaqa/domain';
import type { InvoiceView } from '@talaqa/domain';
import { Button, SkeletonRows, WITHDRAW_METHOD_NAMES_AR, cx, formatId } from '@talaqa/ui';
import { TableOrCards } from '../../components/TableOrCards';
import { userPath } from '../../paths';
import { formatDateTime } from '../../lib/format';
import { InvoiceLabelBadge, receiverLines } from './labels';

const linkClass =
  'rounded font-semibold text-brand-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';

/** The method with the receiver lines the admin copies into the transfer. */
function Receiver({ invoice }: { invoice: InvoiceView }) {
  return (
    <span className="flex flex-col gap-0.5">
      <span className="font-semibold">{WITHDRAW_METHOD_NAMES_AR[invoice.method]}</span>
      {receiverLines(invoice).map((line) => (
        <span key={line.label} className="text-xs text-muted">
          {line.label}:{' '}
          {line.latin ? (
            <bdi dir="ltr" className="font-mono text-ink">
              {line.value}
            </bdi>
          ) : (
            <span className="text-ink">{line.value}</span>
          )}
        </span>
      ))}
    </span>
  );
}

function Amount({ invoice }: { invoice: InvoiceView }) {
  return (
    <span className="flex flex-col">
      <span className="font-bold whitespace-nowrap text-ink">{formatMoney(invoice.amount)}</span>
      {invoice.requestedChange && (
        <span className="text-xs whitespace-nowrap text-brand-800">
          طلب تعديله إلى {formatMoney(invoice.requestedChange.amount)}
        </span>
      )}
    </span>
  );
}

export interface InvoicesTableProps {
  invoices: InvoiceView[];
  onOpen: (invoice: InvoiceView) => void;
  busy?: boolean;
}

const LABEL = 'قائمة طلبات السحب';

/** Withdrawal requests as a table from 1280 px up and as cards below; each opens its details. */
export function InvoicesTable({ invoices, onOpen, busy = false }: InvoicesTableProps) {
  const headers = ['رقم الطلب', 'المعلم', 'المبلغ', 'التحويل إلى', 'الحالة', 'التاريخ', 'التفاصيل'];
  const openButton = (invoice: InvoiceView) => (
    <Button
      variant="secondary"
      size="sm"
      aria-label={`تفاصيل طلب السحب رقم ${formatId(invoice.id)}`}
      onClick={() => onOpen(invoice)}
    >
      التفاصيل
    </Button>
  );
  return (
    <TableOrCards
      label={LABEL}
      headers={headers}
      busy={busy}
      rows={invoices.map((invoice) => (
        <tr key={invoice.id} className="border-t border-slate-100 align-top">
          <td className="px-3 py-3 text-muted">{formatId(invoice.id)}</td>
          <td className="px-3 py-3">
            <Link to={userPath(invoice.userId)} className={linkClass}>
              {invoice.userName}
            </Link>
          </td>
          <td className="px-3 py-3">
            <Amount invoice={invoice} />
          </td>
          <td className="px-3 py-3">
            <Receiver invoice={invoice} />
          </td>
          <td className="px-3 py-3">
            <InvoiceLabelBadge label={invoice.label} />
          </td>
          <td className="px-3 py-3 text-muted">
            <span className="block">{formatDateTime(invoice.createdAt)}</span>
            {invoice.updatedAt !== invoice.createdAt && (
              <span className="block text-xs">آخر تحديث {formatDateTime(invoice.updatedAt)}</span>
            )}
          </td>
          <td className="px-3 py-3">{openButton(invoice)}</td>
        </tr>
      ))}
      cardsClassName="grid gap-3 md:grid-cols-2"
      cards={invoices.map((invoice) => (
        <li
          key={invoice.id}
          className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4"
        >
          <div className="flex flex-wrap items-start justify-between gap-2">
            <Amount invoice={invoice} />
            <InvoiceLabelBadge label={invoice.label} />
          </div>
          <Link to={userPath(invoice.userId)} className={cx(linkClass, 'self-start')}>
            {invoice.userName}
          </Link>
          <div className="text-sm">
            <Receiver invoice={invoice} />
          </div>
          <p className="text-sm text-muted">
            طلب رقم {formatId(invoice.id)}، {formatDateTime(invoice.createdAt)}
          </p>
          <div>{openButton(invoice)}</div>
        </li>
      ))}
    />
  );
}

export function InvoicesTableSkeleton({ rows = 4 }: { rows?: number }) {
  return <SkeletonRows rows={rows} rowClassName="h-10 w-full" />;
}

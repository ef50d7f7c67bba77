import { Link } from 'react-router';
import { formatMoney } from '@talaqa/domain';
import type { TransactionView } from '@talaqa/domain';
import { Button, PAYMENT_METHOD_NAMES_AR, SkeletonRows, cx, formatNumber } from '@talaqa/ui';
import { TableOrCards } from '../../components/TableOrCards';
import { userPath } from '../../paths';
import { formatDateTime } from '../../lib/format';
import { OpenRefundBadge, TransactionStatusBadge, purchaseText } from './labels';

const linkClass =
  'rounded font-semibold text-brand-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';

function Amount({ transaction }: { transaction: TransactionView }) {
  return (
    <span className="flex flex-col">
      <span className="font-bold whitespace-nowrap text-ink">
        {formatMoney(transaction.amount)}
      </span>
      {transaction.refundedAmount > 0 && transaction.openRefund === null && (
        <span className="text-xs whitespace-nowrap text-muted">
          استُرد {formatMoney(transaction.refundedAmount)}
        </span>
      )}
      {transaction.openRefund && (
        <span className="mt-1">
          <OpenRefundBadge transaction={transaction} />
        </span>
      )}
    </span>
  );
}

export interface TransactionsTableProps {
  transactions: TransactionView[];
  onOpen: (transaction: TransactionView) => void;
  /** Hide the payer (the list of one user's payments). */
  withoutUser?: boolean;
  busy?: boolean;
  label?: string;
}

/** Payments as a table from 1280 px up and as cards below; each opens its details. */
export function TransactionsTable({
  transactions,
  onOpen,
  withoutUser = false,
  busy = false,
  label = 'قائمة المدفوعات',
}: TransactionsTableProps) {
  const headers = [
    'رقم العملية',
    ...(withoutUser ? [] : ['الطالب']),
    'الشراء',
    'المبلغ',
    'طريقة الدفع',
    'الحالة',
    'التاريخ',
    'التفاصيل',
  ];
  const openButton = (transaction: TransactionView) => (
    <Button
      variant="secondary"
      size="sm"
      aria-label={`تفاصيل عملية الدفع رقم ${formatNumber(transaction.id)}`}
      onClick={() => onOpen(transaction)}
    >
      التفاصيل
    </Button>
  );
  return (
    <TableOrCards
      label={label}
      headers={headers}
      busy={busy}
      rows={transactions.map((transaction) => (
        <tr key={transaction.id} className="border-t border-slate-100 align-top">
          <td className="px-3 py-3 text-muted">{formatNumber(transaction.id)}</td>
          {!withoutUser && (
            <td className="px-3 py-3">
              <Link to={userPath(transaction.userId)} className={linkClass}>
                {transaction.userName}
              </Link>
            </td>
          )}
          <td className="px-3 py-3">{purchaseText(transaction)}</td>
          <td className="px-3 py-3">
            <Amount transaction={transaction} />
          </td>
          <td className="px-3 py-3">{PAYMENT_METHOD_NAMES_AR[transaction.method]}</td>
          <td className="px-3 py-3">
            <TransactionStatusBadge status={transaction.status} />
          </td>
          <td className="px-3 py-3 text-muted">{formatDateTime(transaction.createdAt)}</td>
          <td className="px-3 py-3">{openButton(transaction)}</td>
        </tr>
      ))}
      cardsClassName="grid gap-3 md:grid-cols-2"
      cards={transactions.map((transaction) => (
        <li
          key={transaction.id}
          className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4"
        >
          <div className="flex flex-wrap items-start justify-between gap-2">
            <Amount transaction={transaction} />
            <TransactionStatusBadge status={transaction.status} />
          </div>
          {!withoutUser && (
            <Link to={userPath(transaction.userId)} className={cx(linkClass, 'self-start')}>
              {transaction.userName}
            </Link>
          )}
          <p className="text-sm">{purchaseText(transaction)}</p>
          <p className="text-sm text-muted">
            {PAYMENT_METHOD_NAMES_AR[transaction.method]}، {formatDateTime(transaction.createdAt)}
          </p>
          <div>{openButton(transaction)}</div>
        </li>
      ))}
    />
  );
}

export function TransactionsTableSkeleton({ rows = 4 }: { rows?: number }) {
  return <SkeletonRows rows={rows} rowClassName="h-10 w-full" />;
}

import type { ReactNode } from 'react';
import { cx } from '@talaqa/ui';

export interface TableOrCardsProps {
  /** Names both the table (its caption) and the list of cards. */
  label: string;
  headers: readonly string[];
  /** The rows are the previous page's, kept until the next one arrives. */
  busy: boolean;
  /** One `<tr>` an item. */
  rows: ReactNode;
  /** One `<li>` an item. */
  cards: ReactNode;
  /** How the cards are laid out: two columns when they are short. */
  cardsClassName: string;
}

/** The admin's lists that are a table from 1280 px up and cards below it, drawn alike. */
export function TableOrCards({
  label,
  headers,
  busy,
  rows,
  cards,
  cardsClassName,
}: TableOrCardsProps) {
  return (
    <div aria-busy={busy || undefined} className={cx('transition-opacity', busy && 'opacity-60')}>
      <div className="hidden overflow-x-auto rounded-xl shadow-sm xl:block">
        <table className="w-full border-collapse bg-white text-sm">
          <caption className="sr-only">{label}</caption>
          <thead className="bg-slate-50 text-muted">
            <tr>
              {headers.map((header) => (
                <th key={header} scope="col" className="px-3 py-3 text-start font-semibold">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{rows}</tbody>
        </table>
      </div>
      <ul aria-label={label} className={cx(cardsClassName, 'xl:hidden')}>
        {cards}
      </ul>
    </div>
  );
}

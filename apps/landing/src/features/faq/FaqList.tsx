import { Blocks } from '../content/document';
import type { FaqItem } from './faq-content';

/**
 * Questions as native disclosures (`details`/`summary`): keyboard and screen readers get the
 * expanded state for free, and the answers are in the page from the start (found by search in the page).
 */
export function FaqList({ items, label }: { items: readonly FaqItem[]; label: string }) {
  return (
    <ul aria-label={label} className="flex flex-col gap-3">
      {items.map((item) => (
        <li key={item.question} className="below-fold-item">
          <details className="group rounded-2xl border border-slate-200 bg-white px-5 py-1 shadow-sm">
            <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-4 font-semibold text-ink focus-visible:outline-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
              {item.question}
              <span
                aria-hidden="true"
                className="text-xl text-brand-700 transition-transform group-open:rotate-45"
              >
                +
              </span>
            </summary>
            <div className="flex flex-col gap-2 pb-4 leading-relaxed text-muted">
              <Blocks body={item.answer} />
            </div>
          </details>
        </li>
      ))}
    </ul>
  );
}

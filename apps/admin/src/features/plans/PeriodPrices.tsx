import { formatMoney, planPeriodDiscount, pricePlanPurchase } from '@talaqa/domain';
import type { PricedPlan } from '@talaqa/domain';
import { PERIOD_CHOICES } from '../../lib/format';
import { percentText } from '@talaqa/ui';

/**
 * A plan's price for each paid period, as `pricePlanPurchase` computes it for the checkout: the
 * full price (base month price x months), the period's discount and what a student pays.
 */
export function PeriodPrices({ plan }: { plan: PricedPlan }) {
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">الأسعار لكل مدة</caption>
      <thead className="text-xs text-muted">
        <tr>
          <th scope="col" className="py-1 pe-2 text-start font-semibold">
            المدة
          </th>
          <th scope="col" className="px-2 py-1 text-start font-semibold">
            السعر الكامل
          </th>
          <th scope="col" className="px-2 py-1 text-start font-semibold">
            الخصم
          </th>
          <th scope="col" className="py-1 ps-2 text-start font-semibold">
            بعد الخصم
          </th>
        </tr>
      </thead>
      <tbody>
        {PERIOD_CHOICES.map(({ period, label }) => {
          const price = pricePlanPurchase({ plan, period });
          return (
            <tr key={period} className="border-t border-slate-200">
              <th scope="row" className="py-1.5 pe-2 text-start font-semibold text-ink">
                {label}
              </th>
              <td className="px-2 py-1.5 text-muted">{formatMoney(price.listPrice)}</td>
              <td className="px-2 py-1.5 whitespace-nowrap">
                {percentText(planPeriodDiscount(plan, period))}
              </td>
              <td className="py-1.5 ps-2 font-bold whitespace-nowrap text-ink">
                {formatMoney(price.periodPrice)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

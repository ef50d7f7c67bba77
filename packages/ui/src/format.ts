/**
 * Numbers on screen, for ar-EG readers (Arabic-Indic digits): the one formatter the apps and
 * these components share. Money has its own, `formatMoney` in @talaqa/domain.
 */
import { LOCALE } from '@talaqa/domain';

const numberFormat = new Intl.NumberFormat(LOCALE);
const idFormat = new Intl.NumberFormat(LOCALE, { useGrouping: false });
const percentFormat = new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 2 });

/** "١٬١٢٠" for 1120. */
export const formatNumber = (value: number): string => numberFormat.format(value);

/** "١٥٢٣" for 1523: a transaction or invoice number, in Arabic-Indic digits without grouping. */
export const formatId = (value: number): string => idFormat.format(value);

/** "١٠٪" for 10 (whole percents, as plans and coupons store them). */
export const percentText = (value: number): string => percentFormat.format(value / 100);

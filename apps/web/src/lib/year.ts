import { LOCALE } from '@talaqa/domain';

const yearFormat = new Intl.NumberFormat(LOCALE, { useGrouping: false });

/**
 * "٢٠٢٦": a year, without the thousands separator a count would get. Apart from ./format, whose
 * plan names would bring the domain's enumerations and contracts into the shell's first load (the
 * footer's year; docs/decisions/308-first-load-without-schemas.md).
 */
export const yearText = (year: number): string => yearFormat.format(year);

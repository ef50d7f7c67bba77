import { useEffect, useRef, useState } from 'react';
import { cx } from '../cx';

export interface BarDatum {
  /** The category under the bar ("٢٢ نوفمبر"); a space may break it onto two lines. */
  label: string;
  value: number;
  /** A second figure of the datum ("٣ تقييمات"), in the table's third column and the tooltip. */
  note?: string;
}

export interface BarChartProps {
  /** In reading order of time: the first datum is the oldest. */
  data: readonly BarDatum[];
  /** What the chart shows ("دقائق التعلّم في آخر ٨ أسابيع"): the table's caption. */
  title: string;
  /** The category axis ("الأسبوع") and the value axis ("الدقائق"), also the table's headers. */
  categoryAxisLabel: string;
  valueAxisLabel: string;
  /** A value on the bars, ticks and table; Arabic digits by default. */
  formatValue?: (value: number) => string;
  /** The sentence a screen reader hears for the picture; a summary of the data by default. */
  summary?: string;
  /**
   * `rtl` (default) draws the first datum at the right and the value axis on the right, so time
   * runs the way Arabic reads; `ltr` mirrors it.
   */
  direction?: 'rtl' | 'ltr';
  /** A fixed top of the value axis (5 for ratings); the data's rounded maximum by default. */
  maxValue?: number;
  /** The header of the table's third column, holding each datum's `note`. */
  noteLabel?: string;
  className?: string;
}

const numberFormat = new Intl.NumberFormat('ar-EG');
const defaultFormat = (value: number): string => numberFormat.format(value);

/** The drawing's height and margins, in pixels of the measured width (text keeps its size). */
const HEIGHT = 240;
const TOP = 28;
const BOTTOM = 64;
const AXIS_SIDE = 48;
const FAR_SIDE = 12;
/** Below this many pixels per bar, every other category label is left out (the table has all). */
const MIN_LABEL_SLOT = 44;
const FALLBACK_WIDTH = 480;

/** The smallest 1, 2 or 5 × 10ⁿ at or above `value`, so the ticks are round numbers. */
export function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((factor) => factor * magnitude >= value) ?? 10;
  return step * magnitude;
}

/** "أعلى قيمة ٦٠ في ٢٢ نوفمبر، والمجموع ١٢٠": the default spoken summary. */
function summaryOf(data: readonly BarDatum[], title: string, format: (n: number) => string) {
  if (data.length === 0) return `${title}: لا توجد بيانات`;
  const highest = data.reduce((best, datum) => (datum.value > best.value ? datum : best));
  const total = data.reduce((sum, datum) => sum + datum.value, 0);
  return `${title}. عدد الأعمدة ${format(data.length)}؛ أعلى قيمة ${format(highest.value)} في ${highest.label}، والمجموع ${format(total)}.`;
}

/** The drawing's width in CSS pixels, so that text is drawn at its real size at any width. */
function useMeasuredWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.round(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(measured);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/**
 * A bar chart in plain SVG: labelled axes, a value on each bar, right to left by default. The
 * picture is one `role="img"` with a summary as its name; the numbers themselves are in a
 * visually hidden table for screen readers.
 */
export function BarChart({
  data,
  title,
  categoryAxisLabel,
  valueAxisLabel,
  formatValue = defaultFormat,
  summary,
  direction = 'rtl',
  maxValue,
  noteLabel,
  className,
}: BarChartProps) {
  const { ref, width } = useMeasuredWidth();
  const rtl = direction === 'rtl';
  const max = maxValue ?? niceCeiling(Math.max(0, ...data.map((datum) => datum.value)));
  const ticks = [0, max / 2, max];
  const plotWidth = Math.max(1, width - AXIS_SIDE - FAR_SIDE);
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const plotStart = rtl ? FAR_SIDE : AXIS_SIDE;
  const slot = plotWidth / Math.max(1, data.length);
  const barWidth = Math.min(48, slot * 0.6);
  const labelEvery = slot >= MIN_LABEL_SLOT ? 1 : 2;
  const axisX = rtl ? plotStart + plotWidth : plotStart;
  const yOf = (value: number) => TOP + plotHeight - (value / max) * plotHeight;
  /** The centre of datum `index`: from the right in RTL, so the first (oldest) is rightmost. */
  const centreOf = (index: number) =>
    rtl ? plotStart + plotWidth - slot * (index + 0.5) : plotStart + slot * (index + 0.5);
  // The newest datum is always labelled; the others alternate backwards from it when crowded.
  const labelled = (index: number) => (data.length - 1 - index) % labelEvery === 0;

  return (
    <figure className={cx('m-0 flex flex-col gap-2', className)}>
      <div ref={ref} className="w-full">
        <svg
          role="img"
          aria-label={summary ?? summaryOf(data, title, formatValue)}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          width="100%"
          height={HEIGHT}
          // Anchors read as left and right; Arabic words still shape right to left inside.
          direction="ltr"
          className="block overflow-visible font-sans"
        >
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={plotStart}
                x2={plotStart + plotWidth}
                y1={yOf(tick)}
                y2={yOf(tick)}
                className={tick === 0 ? 'stroke-slate-400' : 'stroke-slate-200'}
                strokeWidth={1}
              />
              <text
                x={rtl ? axisX + 6 : axisX - 6}
                y={yOf(tick)}
                dominantBaseline="middle"
                textAnchor={rtl ? 'start' : 'end'}
                className="fill-muted text-[11px]"
              >
                {formatValue(tick)}
              </text>
            </g>
          ))}
          <text
            x={rtl ? width - 2 : 2}
            y={10}
            textAnchor={rtl ? 'end' : 'start'}
            className="fill-muted text-[11px] font-semibold"
          >
            {valueAxisLabel}
          </text>
          {data.map((datum, index) => {
            const centre = centreOf(index);
            const top = yOf(Math.max(0, datum.value));
            const lines = labelled(index) ? datum.label.split(' ').slice(0, 2) : [];
            return (
              <g key={`${datum.label}-${index}`} data-bar>
                <rect
                  x={centre - barWidth / 2}
                  y={top}
                  width={barWidth}
                  height={Math.max(0, TOP + plotHeight - top)}
                  rx={4}
                  className={index === data.length - 1 ? 'fill-brand-700' : 'fill-brand-500'}
                >
                  {datum.note && <title>{`${datum.label}: ${datum.note}`}</title>}
                </rect>
                <text
                  x={centre}
                  y={top - 6}
                  textAnchor="middle"
                  className="fill-ink text-[11px] font-semibold"
                >
                  {formatValue(datum.value)}
                </text>
                {lines.map((line, lineIndex) => (
                  <text
                    key={lineIndex}
                    x={centre}
                    y={TOP + plotHeight + 16 + lineIndex * 14}
                    textAnchor="middle"
                    className="fill-muted text-[11px]"
                  >
                    {line}
                  </text>
                ))}
              </g>
            );
          })}
          <text
            x={plotStart + plotWidth / 2}
            y={HEIGHT - 4}
            textAnchor="middle"
            className="fill-muted text-[11px] font-semibold"
          >
            {categoryAxisLabel}
          </text>
        </svg>
      </div>
      {/* The wrapper hides the table: `sr-only` on a table itself does not hold its width, and a
          wide hidden table pushes a phone page sideways. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{categoryAxisLabel}</th>
              <th scope="col">{valueAxisLabel}</th>
              {noteLabel && <th scope="col">{noteLabel}</th>}
            </tr>
          </thead>
          <tbody>
            {data.map((datum, index) => (
              <tr key={`${datum.label}-${index}`}>
                <th scope="row">{datum.label}</th>
                <td>{formatValue(datum.value)}</td>
                {noteLabel && <td>{datum.note ?? ''}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

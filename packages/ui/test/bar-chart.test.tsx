import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { BarChart, niceCeiling } from '../src/index';

afterEach(cleanup);

const DATA = [
  { label: '١ نوفمبر', value: 30 },
  { label: '٨ نوفمبر', value: 0 },
  { label: '١٥ نوفمبر', value: 60 },
  { label: '٢٢ نوفمبر', value: 15 },
];

function renderChart(direction?: 'rtl' | 'ltr') {
  return render(
    <BarChart
      data={DATA}
      title="دقائق التعلّم"
      categoryAxisLabel="الأسبوع"
      valueAxisLabel="الدقائق"
      {...(direction ? { direction } : {})}
    />,
  );
}

/** The bars' centres, in the order of the data. */
const barCentres = (container: HTMLElement) =>
  Array.from(container.querySelectorAll('rect')).map(
    (rect) => Number(rect.getAttribute('x')) + Number(rect.getAttribute('width')) / 2,
  );

describe('BarChart', () => {
  it('is one image named by a summary, with the numbers in a hidden table', () => {
    renderChart();
    const image = screen.getByRole('img');
    expect(image.getAttribute('aria-label')).toBe(
      'دقائق التعلّم. عدد الأعمدة ٤؛ أعلى قيمة ٦٠ في ١٥ نوفمبر، والمجموع ١٠٥.',
    );
    const table = screen.getByRole('table', { name: 'دقائق التعلّم' });
    expect(table.parentElement?.className).toContain('sr-only');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'الأسبوعالدقائق',
      '١ نوفمبر٣٠',
      '٨ نوفمبر٠',
      '١٥ نوفمبر٦٠',
      '٢٢ نوفمبر١٥',
    ]);
  });

  it('draws one bar per datum with its value, tallest for the largest', () => {
    const { container } = renderChart();
    const rects = Array.from(container.querySelectorAll('rect'));
    expect(rects).toHaveLength(4);
    const heights = rects.map((rect) => Number(rect.getAttribute('height')));
    expect(heights[1]).toBe(0);
    expect(heights[2]).toBeGreaterThan(heights[0]!);
    expect(heights[0]).toBeGreaterThan(heights[3]!);
    const svgText = container.querySelector('svg')?.textContent ?? '';
    for (const text of ['٣٠', '٦٠', '١٥', 'الأسبوع', 'الدقائق', 'نوفمبر']) {
      expect(svgText).toContain(text);
    }
  });

  it('runs time from right to left by default, and mirrors for ltr', () => {
    const rtl = barCentres(renderChart().container);
    expect(rtl).toEqual([...rtl].sort((a, b) => b - a));
    cleanup();
    const ltr = barCentres(renderChart('ltr').container);
    expect(ltr).toEqual([...ltr].sort((a, b) => a - b));
  });

  it('rounds the value axis up to 1, 2 or 5 × 10ⁿ', () => {
    expect([0, 1, 7, 60, 120, 450, 1000].map(niceCeiling)).toEqual([1, 1, 10, 100, 200, 500, 1000]);
  });
});

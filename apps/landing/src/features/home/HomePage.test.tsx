import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderPage } from '../../testing/site';
import { countText } from './HomeFigures';

const figuresList = () => screen.queryByRole('list', { name: 'طلاقة بالأرقام' });

describe('landing home figures', () => {
  it('shows the tutors and lessons the server gives with Arabic plurals and digits', async () => {
    renderPage('/', { stats: { tutors: 12, lessons: 340 } });
    const figures = await screen.findByRole('list', { name: 'طلاقة بالأرقام' });
    const items = within(figures).getAllByRole('listitem');
    expect(items.map((item) => item.firstElementChild?.textContent)).toEqual([
      '١٢ معلمًا',
      '٣٤٠ درسًا',
    ]);
    expect(
      screen.getByRole('img', { name: /طالبة أمام حاسوبها/ }).getAttribute('viewBox'),
    ).toBeTruthy();
  });

  it('says one and two in words and leaves a zero out', async () => {
    renderPage('/', { stats: { tutors: 2, lessons: 0 } });
    const figures = await screen.findByRole('list', { name: 'طلاقة بالأرقام' });
    expect(within(figures).getAllByRole('listitem')).toHaveLength(1);
    expect(figures.textContent).toContain('معلمان');
  });

  it('shows no figures when both are zero', async () => {
    renderPage('/', { stats: { tutors: 0, lessons: 0 } });
    await screen.findByRole('heading', { level: 1 });
    expect(figuresList()).toBeNull();
  });

  it('hides the figures when they are not known, the page stays whole', async () => {
    renderPage('/', { stats: undefined });
    expect(
      await screen.findByRole('heading', { level: 1, name: /تحدّث الإنجليزية بطلاقة/ }),
    ).toBeTruthy();
    expect(figuresList()).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('list', { name: 'طرق الدفع' }).textContent).toContain('فوري');
  });
});

describe('countText', () => {
  const tutors = { one: 'معلم واحد', two: 'معلمان', few: 'معلمين', many: 'معلمًا', other: 'معلم' };
  it.each([
    [1, null, 'معلم واحد'],
    [2, null, 'معلمان'],
    [3, '٣', 'معلمين'],
    [10, '١٠', 'معلمين'],
    [11, '١١', 'معلمًا'],
    [99, '٩٩', 'معلمًا'],
    [100, '١٠٠', 'معلم'],
    [103, '١٠٣', 'معلمين'],
    [1000, '١٬٠٠٠', 'معلم'],
  ])('%i tutors', (count, figure, noun) => {
    expect(countText(count, tutors)).toEqual({ figure, noun });
  });
});

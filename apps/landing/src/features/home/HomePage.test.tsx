import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderRoute, stubHealthyApi } from '@talaqa/ui/testing';
import { routes } from '../../router';
import { countText } from './HomeFigures';

const fetchMock = stubHealthyApi();

function answerStats(answer: () => Response) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes('/api/v1/stats/public')) return answer();
    return Response.json({ status: 'ok', database: { status: 'up', driver: 'pglite' } });
  });
}

const statsCalls = () =>
  fetchMock.mock.calls.filter(([input]) =>
    String(input instanceof Request ? input.url : input).includes('/stats/public'),
  );

describe('landing home figures', () => {
  it('shows the tutors and lessons from the API with Arabic plurals and digits', async () => {
    answerStats(() => Response.json({ tutors: 12, lessons: 340 }));
    renderRoute(routes, '/');
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
    answerStats(() => Response.json({ tutors: 2, lessons: 0 }));
    renderRoute(routes, '/');
    const figures = await screen.findByRole('list', { name: 'طلاقة بالأرقام' });
    expect(within(figures).getAllByRole('listitem')).toHaveLength(1);
    expect(figures.textContent).toContain('معلمان');
  });

  it('hides the figures when the API cannot answer, the page stays whole', async () => {
    answerStats(() => Response.json({ code: 'internal', message: 'x' }, { status: 500 }));
    renderRoute(routes, '/');
    expect(
      await screen.findByRole('heading', { level: 1, name: /تحدّث الإنجليزية بطلاقة/ }),
    ).toBeTruthy();
    await waitFor(() => expect(statsCalls().length).toBeGreaterThan(0));
    // Let the failed answer settle, then nothing of the figures is on the page.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('list', { name: 'طلاقة بالأرقام' })).toBeNull();
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

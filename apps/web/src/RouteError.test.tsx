import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, data } from 'react-router';
import { UI_MESSAGES } from '@talaqa/ui';
import { RouteError } from './RouteError';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Boom(): never {
  throw new Error('boom');
}

describe('RouteError', () => {
  it('shows the 404 page for a routing error response', async () => {
    const router = createMemoryRouter([
      {
        path: '/',
        errorElement: <RouteError />,
        loader: () => {
          throw data(null, { status: 404 });
        },
        Component: () => null,
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: UI_MESSAGES.notFoundTitle }),
    ).toBeTruthy();
  });

  it('shows the unexpected-error page, with a way home, for a thrown error', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter([
      { path: '/', errorElement: <RouteError />, Component: Boom },
    ]);
    render(<RouterProvider router={router} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: UI_MESSAGES.unexpectedErrorTitle }),
    ).toBeTruthy();
    expect(screen.getByText(UI_MESSAGES.unexpectedErrorSubtitle)).toBeTruthy();
    expect(
      screen.getByRole('link', { name: UI_MESSAGES.unexpectedErrorButton }).getAttribute('href'),
    ).toBe('/');
    expect(consoleError).toHaveBeenCalled();
  });
});

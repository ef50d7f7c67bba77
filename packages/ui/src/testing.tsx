// Test helpers the three apps' router tests share (imported as `@talaqa/ui/testing`, never by app
// code, so Testing Library stays out of the bundles).
import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { AppProviders } from './providers';
import { createQueryClient } from './query';

/** The path pattern of every page a route tree registers (`/` for an index route). */
export function registeredPaths(list: RouteObject[], parent = '/'): string[] {
  return list.flatMap((route) => {
    const own = route.index ? parent : (route.path ?? parent);
    return route.children ? registeredPaths(route.children, own) : [own];
  });
}

/** Renders an app's routes at one address, inside the providers every app uses. */
export function renderRoute(routes: RouteObject[], url: string) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

/**
 * Replaces the network for each test of the calling file with an API that answers a healthy
 * `GET /health`; tests may change the answer. Cleans the DOM and the stub after each test.
 */
export function stubHealthyApi() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () =>
      Response.json({ status: 'ok', database: { status: 'up', driver: 'pglite' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  return fetchMock;
}

import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import type { ComponentType } from 'react';
import { CenteredSpinner, NotFoundPage } from '@talaqa/ui';
import { SiteLayout } from './layout/SiteLayout';
import { RouteError } from './RouteError';
import { paths } from './paths';

/** A page loaded on demand, with the centred spinner while its code arrives. */
const page = (load: () => Promise<{ default: ComponentType }>) => ({
  lazy: async () => ({ Component: (await load()).default }),
  HydrateFallback: CenteredSpinner,
});

/** Every route of the marketing site (spec section 2). */
export const routes: RouteObject[] = [
  {
    path: paths.home,
    Component: SiteLayout,
    errorElement: <RouteError />,
    children: [
      { index: true, ...page(() => import('./features/home/HomePage')) },
      { path: paths.tutor, ...page(() => import('./features/tutor/TutorPage')) },
      { path: paths.terms, ...page(() => import('./features/legal/TermsPage')) },
      { path: paths.privacy, ...page(() => import('./features/legal/PrivacyPage')) },
      { path: paths.pricing, ...page(() => import('./features/pricing/PricingPage')) },
      { path: paths.faq, ...page(() => import('./features/faq/FaqPage')) },
      { path: paths.faqRole, ...page(() => import('./features/faq/FaqRolePage')) },
      { path: paths.contact, ...page(() => import('./features/contact/ContactPage')) },
      { path: paths.shortUrl, ...page(() => import('./features/short-url/ShortUrlPage')) },
      { path: paths.method, ...page(() => import('./features/method/MethodPage')) },
      { path: paths.about, ...page(() => import('./features/about/AboutPage')) },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);

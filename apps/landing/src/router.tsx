import type { RouteObject } from 'react-router';
import { NotFoundPage } from '@talaqa/ui';
import AboutPage from './features/about/AboutPage';
import ContactPage from './features/contact/ContactPage';
import FaqPage from './features/faq/FaqPage';
import FaqRolePage from './features/faq/FaqRolePage';
import HomePage from './features/home/HomePage';
import PrivacyPage from './features/legal/PrivacyPage';
import TermsPage from './features/legal/TermsPage';
import MethodPage from './features/method/MethodPage';
import PricingPage from './features/pricing/PricingPage';
import ShortLinkNotFoundPage from './features/short-url/ShortLinkNotFoundPage';
import TutorPage from './features/tutor/TutorPage';
import { SiteLayout } from './layout/SiteLayout';
import { paths } from './paths';

/**
 * Every route of the marketing site (spec section 2), rendered to HTML by the build and the
 * server (src/render.tsx, record 355); the browser never runs this router.
 */
export const routes: RouteObject[] = [
  {
    path: paths.home,
    Component: SiteLayout,
    children: [
      { index: true, Component: HomePage },
      { path: paths.tutor, Component: TutorPage },
      { path: paths.terms, Component: TermsPage },
      { path: paths.privacy, Component: PrivacyPage },
      { path: paths.pricing, Component: PricingPage },
      { path: paths.faq, Component: FaqPage },
      { path: paths.faqRole, Component: FaqRolePage },
      { path: paths.contact, Component: ContactPage },
      { path: paths.shortUrl, Component: ShortLinkNotFoundPage },
      { path: paths.method, Component: MethodPage },
      { path: paths.about, Component: AboutPage },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

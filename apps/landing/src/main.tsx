// First: the apps' content security policy allows no eval (see @talaqa/ui/csp).
import '@talaqa/ui/csp';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders, createQueryClient } from '@talaqa/ui';
import { keepCampaignOfAddress } from './campaign';
import { createRouter } from './router';
import './styles.css';

// Before any page renders its links into the main app (record 351).
keepCampaignOfAddress(location.search);

const queryClient = createQueryClient();
const router = createRouter();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

// First: the apps' content security policy allows no eval (see @talaqa/ui/csp).
import '@talaqa/ui/csp';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { captureConsole, captureWindowErrors } from '@talaqa/api-client';
import { AppProviders, createQueryClient } from '@talaqa/ui';
import { keepCampaignOfAddress } from './lib/campaign';
import { createRouter } from './router';
import './styles.css';

// A campaign in the address (from a short link or the marketing site) is kept for sign-up.
keepCampaignOfAddress(location.search);
// The client's log keeps recent warnings and errors for a problem report (record 349).
captureConsole();
captureWindowErrors();

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

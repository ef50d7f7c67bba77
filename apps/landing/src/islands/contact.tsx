// First: the content security policy allows no eval (see @talaqa/ui/csp); the form's schema is zod.
import '@talaqa/ui/csp';
import { hydrateRoot } from 'react-dom/client';
import { ContactFormPanel } from '../features/contact/ContactForm';
import { IslandRoot } from '../site/island-root';

const root = document.querySelector('[data-island="contact"]');
if (root) {
  hydrateRoot(
    root,
    <IslandRoot>
      <ContactFormPanel />
    </IslandRoot>,
  );
}

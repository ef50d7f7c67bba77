// No zod here: the form checks with the domain's plain rules (record 355), so the island needs
// neither `@talaqa/ui/csp` nor a schema. A contract is loaded only where answers are checked.
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

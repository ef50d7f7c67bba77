import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { IslandRoot } from './island-root';

/** The islands of the site (record 355): each name has its script, src/islands/<name>.tsx. */
export type IslandName = 'contact';

/**
 * A part of a page that runs a script, rendered here as a root of its own: the browser hydrates
 * it as one (`hydrateRoot` on this element), and React's ids (`useId`) only agree when both
 * sides render the same tree from the same root.
 */
export function Island({ name, children }: { name: IslandName; children: ReactNode }) {
  return (
    <div
      data-island={name}
      dangerouslySetInnerHTML={{ __html: renderToString(<IslandRoot>{children}</IslandRoot>) }}
    />
  );
}

import { withCampaign } from '@talaqa/domain';
import type { ShortLinkTarget } from '@talaqa/domain';

/**
 * Where an opened link sends its visitor: the path on our own site (this marketing site or the
 * main app), with the campaign in the query. The server only stores paths on our sites; this
 * checks again that the result stays on the chosen origin (never an open redirect).
 */
export function shortLinkDestination(
  target: ShortLinkTarget,
  origins: { landing: string; web: string },
): string | undefined {
  const base = target.site === 'web' ? origins.web : origins.landing;
  try {
    const origin = new URL(base).origin;
    const url = new URL(target.path, `${origin}/`);
    if (url.origin !== origin || !target.path.startsWith('/') || target.path.startsWith('//')) {
      return undefined;
    }
    return withCampaign(url, { name: target.name, source: target.source }).href;
  } catch {
    return undefined;
  }
}

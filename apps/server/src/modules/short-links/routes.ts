import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@talaqa/domain';
import type { ShortLinkTarget } from '@talaqa/domain';
import { serviceContextOf } from '../../context';
import { serve } from '../../http/endpoint';
import { identityOf } from '../../http/access';
import { limitPerAddress } from '../../http/limits';
import { audited } from '../audit';
import {
  createShortLink,
  deleteShortLink,
  openShortLink,
  shortLinkReport,
  updateShortLink,
} from './service';

/** Opening links: plenty for a person, a wall for a script hammering the database. */
const OPENS_PER_ADDRESS = { max: 60, minutes: 10 };
/** One click per address per link in this window: reloading or a loop cannot inflate it. */
const CLICK_WINDOW_MS = 30 * 60_000;

/**
 * Opens a link for a visitor: the API's `POST /short-link/open` and the marketing site's
 * `/url/{name}` redirect (record 355) count the same click once. The address is hashed into the
 * key: counters never hold a visitor's address as such.
 */
export function shortLinkOpener(
  app: FastifyInstance,
): (name: string, visitorIp: string) => Promise<ShortLinkTarget> {
  const ctx = serviceContextOf(app, 'short-links');
  return (name, visitorIp) => {
    const visitor = createHash('sha256').update(visitorIp).digest('base64url').slice(0, 22);
    return openShortLink(
      ctx,
      name,
      async (linkId) =>
        (await app.attempts.hit(`short-link-click:${linkId}:${visitor}`, CLICK_WINDOW_MS)) === 1,
    );
  };
}

/** Short links (contract `API.shortLinks`, docs/decisions/351-short-links.md). */
export const shortLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = serviceContextOf(app, 'short-links');
  const open = shortLinkOpener(app);

  serve(app, API.shortLinks.report, async (request) => shortLinkReport(ctx, request.query));

  // Each change is an admin action, written to the audit log in its transaction (decision 340).
  serve(app, API.shortLinks.create, async (request) => {
    const admin = identityOf(request);
    return audited(
      ctx,
      admin,
      'short-link.create',
      (db) => createShortLink({ ...ctx, db }, admin.userId, request.body),
      (link) => ({
        targetId: link.id,
        details: { name: link.name, source: link.source, site: link.site, path: link.path },
      }),
    );
  });

  serve(app, API.shortLinks.update, async (request) => {
    const { id } = request.params;
    return audited(
      ctx,
      identityOf(request),
      'short-link.update',
      (db) => updateShortLink({ ...ctx, db }, id, request.body),
      (link) => ({
        targetId: id,
        details: { site: link.site, path: link.path, active: link.active, label: link.label },
      }),
    );
  });

  serve(app, API.shortLinks.remove, async (request) => {
    const { id } = request.params;
    await audited(
      ctx,
      identityOf(request),
      'short-link.delete',
      (db) => deleteShortLink({ db }, id),
      (link) => ({ targetId: id, details: { name: link.name, source: link.source } }),
    );
  });

  serve(app, API.shortLinks.open, async (request) => open(request.params.name, request.ip), {
    onRequest: limitPerAddress(app, 'short-link-open', OPENS_PER_ADDRESS),
  });
};

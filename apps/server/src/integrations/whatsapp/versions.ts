/**
 * Graph API versions and the day each stops working ("Available Until" / expiration date), from
 * Meta's Graph API changelog, https://developers.facebook.com/docs/graph-api/changelog/versions/
 * (read 2026-11-26: v26.0 released 29 July 2026, its end not yet announced). Keep this table the
 * one place these dates live; add a row when Meta publishes a new version or an end date.
 */
export const GRAPH_API_VERSIONS: Readonly<Record<string, { released: string; until?: string }>> = {
  'v26.0': { released: '2026-07-29' },
  'v25.0': { released: '2026-02-18', until: '2028-07-29' },
  'v24.0': { released: '2025-10-08', until: '2028-02-18' },
  'v23.0': { released: '2025-05-29', until: '2027-10-08' },
  'v22.0': { released: '2025-01-21', until: '2027-05-20' },
  'v21.0': { released: '2024-10-02', until: '2027-01-21' },
  'v20.0': { released: '2024-05-21', until: '2026-09-24' },
  'v19.0': { released: '2024-01-23', until: '2026-05-21' },
  'v18.0': { released: '2023-09-12', until: '2026-01-26' },
};

export const GRAPH_API_VERSIONS_SOURCE =
  'https://developers.facebook.com/docs/graph-api/changelog/versions/';

/** The newest version in the table: the default. */
export const WHATSAPP_DEFAULT_API_VERSION = 'v26.0';

/** Warn this many days before a version's end. */
export const VERSION_WARNING_DAYS = 90;

const DAY_MS = 86_400_000;

export type VersionCheck =
  | { kind: 'ok' }
  | { kind: 'unknown'; version: string }
  | { kind: 'ending'; version: string; until: string; daysLeft: number }
  | { kind: 'ended'; version: string; until: string };

/**
 * Whether `version` is still safe to use on `now`: `ending` within VERSION_WARNING_DAYS of its
 * end date (the end date itself is the first day it no longer works), `ended` on or after it,
 * `unknown` when the table does not list it, `ok` otherwise (an end date not yet announced).
 */
export function checkGraphApiVersion(
  version: string,
  now: Date,
  table: typeof GRAPH_API_VERSIONS = GRAPH_API_VERSIONS,
): VersionCheck {
  const row = table[version];
  if (!row) return { kind: 'unknown', version };
  if (!row.until) return { kind: 'ok' };
  const end = Date.parse(`${row.until}T00:00:00Z`);
  const daysLeft = Math.ceil((end - now.getTime()) / DAY_MS);
  if (daysLeft <= 0) return { kind: 'ended', version, until: row.until };
  if (daysLeft <= VERSION_WARNING_DAYS) {
    return { kind: 'ending', version, until: row.until, daysLeft };
  }
  return { kind: 'ok' };
}

/** The start-up warning for a version check, or undefined when there is nothing to say. */
export function versionWarning(check: VersionCheck): string | undefined {
  switch (check.kind) {
    case 'ok':
      return undefined;
    case 'unknown':
      return `WhatsApp Graph API version ${check.version} is not in the table of versions (integrations/whatsapp/versions.ts); check its end date at ${GRAPH_API_VERSIONS_SOURCE}`;
    case 'ending':
      return `WhatsApp Graph API version ${check.version} stops working on ${check.until} (${check.daysLeft} days left); set WHATSAPP_API_VERSION to ${WHATSAPP_DEFAULT_API_VERSION}`;
    case 'ended':
      return `WhatsApp Graph API version ${check.version} stopped working on ${check.until}; set WHATSAPP_API_VERSION to ${WHATSAPP_DEFAULT_API_VERSION}`;
  }
}

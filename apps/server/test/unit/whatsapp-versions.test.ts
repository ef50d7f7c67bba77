import { describe, expect, it } from 'vitest';
import {
  checkGraphApiVersion,
  GRAPH_API_VERSIONS,
  versionWarning,
  WHATSAPP_DEFAULT_API_VERSION,
} from '../../src/integrations/whatsapp';
import { warnAboutGraphApiVersion } from '../../src/providers';
import { loadConfig } from '../../src/config';

const at = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('Graph API versions', () => {
  it('defaults to the newest version of the table, which has no end date yet', () => {
    expect(WHATSAPP_DEFAULT_API_VERSION).toBe('v26.0');
    expect(GRAPH_API_VERSIONS[WHATSAPP_DEFAULT_API_VERSION]?.until).toBeUndefined();
    expect(checkGraphApiVersion('v26.0', at('2026-11-26'))).toEqual({ kind: 'ok' });
    expect(loadConfig({ APP_ENV: 'local' })).toBeDefined();
  });

  it('v21.0 ends on 21 January 2027: a warning from 90 days before, an error on and after', () => {
    expect(checkGraphApiVersion('v21.0', at('2026-10-22'))).toEqual({ kind: 'ok' });
    expect(checkGraphApiVersion('v21.0', at('2026-10-23'))).toEqual({
      kind: 'ending',
      version: 'v21.0',
      until: '2027-01-21',
      daysLeft: 90,
    });
    expect(checkGraphApiVersion('v21.0', at('2026-11-26'))).toMatchObject({
      kind: 'ending',
      daysLeft: 56,
    });
    expect(checkGraphApiVersion('v21.0', at('2027-01-20'))).toMatchObject({ daysLeft: 1 });
    expect(checkGraphApiVersion('v21.0', new Date('2027-01-21T00:00:00Z'))).toEqual({
      kind: 'ended',
      version: 'v21.0',
      until: '2027-01-21',
    });
    expect(checkGraphApiVersion('v20.0', at('2026-11-26'))).toMatchObject({ kind: 'ended' });
    expect(checkGraphApiVersion('v25.0', at('2026-11-26'))).toEqual({ kind: 'ok' });
  });

  it('a version the table does not know is reported as unknown', () => {
    expect(checkGraphApiVersion('v99.0', at('2026-11-26'))).toEqual({
      kind: 'unknown',
      version: 'v99.0',
    });
  });

  it('words the warning, and logs it at start only when there is one', () => {
    expect(versionWarning({ kind: 'ok' })).toBeUndefined();
    expect(versionWarning(checkGraphApiVersion('v21.0', at('2026-11-26')))).toMatch(
      /v21\.0 stops working on 2027-01-21 \(56 days left\); set WHATSAPP_API_VERSION to v26\.0/,
    );
    const warnings: string[] = [];
    const log = { warn: (_context: unknown, message: string) => warnings.push(message) };
    const configured = (version: string) =>
      loadConfig({
        APP_ENV: 'local',
        WHATSAPP_PHONE_NUMBER_ID: '1',
        WHATSAPP_ACCESS_TOKEN: 't',
        WHATSAPP_APP_SECRET: 's',
        WHATSAPP_VERIFY_TOKEN: 'verify-token-of-ours',
        WHATSAPP_API_VERSION: version,
      });
    const logger = log as unknown as Parameters<typeof warnAboutGraphApiVersion>[1];
    warnAboutGraphApiVersion(configured('v21.0'), logger, at('2026-11-26'));
    warnAboutGraphApiVersion(configured('v26.0'), logger, at('2026-11-26'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/v21\.0 stops working/);
  });
});

import {
  changedSettingKeys,
  DEFAULT_PLATFORM_SETTINGS,
  NOT_STARTED,
  PLATFORM_SETTING_KEYS,
} from '@talaqa/domain';
import type {
  PlatformSettingKey,
  PlatformSettings,
  PlatformSettingsView,
  PublicSettings,
  SettingHistoryPage,
  StepState,
  WithdrawLimits,
} from '@talaqa/domain';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db';
import type { Identity } from '../../http/access';
import { recordAdminAction } from '../audit';
import type { StoredSetting } from './repo';
import {
  insertSupportGroupJoin,
  listSettingChanges,
  lockSettings,
  storedSettings,
  supportGroupJoinOf,
  writeSetting,
} from './repo';

/**
 * Platform settings (issue 23 item 3; docs/decisions/339-platform-settings.md). Nothing is kept
 * in a process: every operation that depends on a setting reads it from the database at that
 * moment (one small indexed read), so every instance sees a change as soon as it commits and no
 * cache needs telling.
 */

/** A stored value, or the default when none is stored or it is not of the setting's kind. */
function valueOf<K extends PlatformSettingKey>(
  stored: StoredSetting | undefined,
  key: K,
): PlatformSettings[K] {
  const fallback = DEFAULT_PLATFORM_SETTINGS[key];
  if (!stored) return fallback;
  const { value } = stored;
  // Links default to none (null) and hold texts; every other setting is a number.
  const fits =
    fallback === null ? value === null || typeof value === 'string' : typeof value === 'number';
  return (fits ? value : fallback) as PlatformSettings[K];
}

function settingsOf(rows: readonly StoredSetting[]): PlatformSettings {
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const settings = { ...DEFAULT_PLATFORM_SETTINGS };
  for (const key of PLATFORM_SETTING_KEYS) {
    Object.assign(settings, { [key]: valueOf(byKey.get(key), key) });
  }
  return settings;
}

function viewOf(rows: readonly StoredSetting[]): PlatformSettingsView {
  const last = rows.reduce<StoredSetting | undefined>(
    (latest, row) => (!latest || row.updatedAt > latest.updatedAt ? row : latest),
    undefined,
  );
  return {
    ...settingsOf(rows),
    updatedAt: last?.updatedAt.toISOString() ?? null,
    updatedBy: last?.updatedBy ?? null,
  };
}

/** The settings now, read inside the caller's transaction when it passes one. */
export async function currentSettings(db: Database): Promise<PlatformSettings> {
  return settingsOf(await storedSettings(db));
}

/** The withdrawal bounds now (piasters), for a request being made or changed. */
export async function withdrawalLimitsNow(db: Database): Promise<WithdrawLimits> {
  const settings = await currentSettings(db);
  return { min: settings.withdrawalMin, max: settings.withdrawalMax };
}

/** Piasters per minute taught, for a lesson being fulfilled now (decision 318). */
export async function tutorRateNow(db: Database): Promise<number> {
  return (await currentSettings(db)).tutorRatePerMinute;
}

/** GET /platform-settings. */
export async function readSettings({ db }: Pick<ServiceContext, 'db'>) {
  return viewOf(await storedSettings(db));
}

/** GET /platform-settings/public. */
export async function readPublicSettings({
  db,
}: Pick<ServiceContext, 'db'>): Promise<PublicSettings> {
  const settings = await currentSettings(db);
  return {
    withdrawalMin: settings.withdrawalMin,
    withdrawalMax: settings.withdrawalMax,
    supportGroupUrl: settings.supportGroupUrl,
    supportChatUrl: settings.supportChatUrl,
  };
}

/**
 * PUT /platform-settings: the whole settings, already checked by `platformSettingsSchema`. Each
 * changed setting gets its history row, and the change its audit row, in one transaction;
 * saving the same values again writes nothing.
 */
export async function updateSettings(
  { db, clock }: Pick<ServiceContext, 'db' | 'clock'>,
  caller: Identity,
  next: PlatformSettings,
): Promise<PlatformSettingsView> {
  const at = clock.now();
  return db.transaction(async (tx) => {
    const before = settingsOf(await lockSettings(tx));
    const changed = changedSettingKeys(before, next);
    for (const key of changed) {
      await writeSetting(
        tx,
        { key, oldValue: before[key], newValue: next[key] },
        caller.userId,
        at,
      );
    }
    if (changed.length > 0) {
      await recordAdminAction(
        tx,
        {
          actorId: caller.userId,
          action: 'settings.update',
          targetId: null,
          details: Object.fromEntries(
            changed.map((key) => [key, { from: before[key], to: next[key] }]),
          ),
        },
        at,
      );
    }
    return viewOf(await storedSettings(tx));
  });
}

/** GET /platform-settings/history. */
export const settingHistory = (
  { db }: Pick<ServiceContext, 'db'>,
  query: { page: number; size: number; key?: PlatformSettingKey },
): Promise<SettingHistoryPage> => listSettingChanges(db, query);

/** POST /user/tutor/onboarding/support-group: the tutor says they joined; once. */
export async function joinSupportGroup(
  { db, clock }: Pick<ServiceContext, 'db' | 'clock'>,
  caller: Identity,
): Promise<void> {
  await insertSupportGroupJoin(db, caller.userId, clock.now());
}

/**
 * The support-group step's reader (decision 341): passed once the tutor said they joined, else
 * not started. Optional: onboarding never waits for it.
 */
export async function supportGroupStep(db: Database, tutorId: number): Promise<StepState> {
  const joinedAt = await supportGroupJoinOf(db, tutorId);
  return joinedAt ? { state: 'passed', at: joinedAt, retryAt: null } : NOT_STARTED;
}

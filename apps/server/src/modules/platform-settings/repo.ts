import { count, desc, eq, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { DEFAULT_PLATFORM_SETTINGS } from '@talaqa/domain';
import type { PlatformSettingKey, SettingChange } from '@talaqa/domain';
import type { Database } from '../../db';
import {
  platformSettingChanges,
  platformSettings,
  supportGroupJoins,
  users,
} from '../../db/schema';
import type { SettingValue } from '../../db/schema';

export interface StoredSetting {
  key: PlatformSettingKey;
  value: SettingValue;
  updatedBy: number;
  updatedAt: Date;
}

export const storedSettings = (db: Database): Promise<StoredSetting[]> =>
  db.select().from(platformSettings);

/**
 * The stored settings, locked until the transaction ends: two admins saving at once are written
 * one after the other, so each history row's old value is the value it replaced.
 */
export async function lockSettings(db: Database): Promise<StoredSetting[]> {
  return db.select().from(platformSettings).for('update');
}

export async function writeSetting(
  db: Database,
  change: { key: PlatformSettingKey; oldValue: SettingValue; newValue: SettingValue },
  by: number,
  at: Date,
): Promise<void> {
  await db
    .insert(platformSettings)
    .values({ key: change.key, value: change.newValue, updatedBy: by, updatedAt: at })
    .onConflictDoUpdate({
      target: platformSettings.key,
      set: { value: change.newValue, updatedBy: by, updatedAt: at },
    });
  await db.insert(platformSettingChanges).values({ ...change, changedBy: by, changedAt: at });
}

export async function listSettingChanges(
  db: Database,
  query: { page: number; size: number; key?: PlatformSettingKey },
): Promise<{ list: SettingChange[]; total: number }> {
  const where = query.key ? eq(platformSettingChanges.key, query.key) : undefined;
  const rows = await db
    .select({ change: platformSettingChanges, name: users.name })
    .from(platformSettingChanges)
    .innerJoin(users, eq(users.id, platformSettingChanges.changedBy))
    .where(where)
    .orderBy(desc(platformSettingChanges.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const [total] = await db.select({ total: count() }).from(platformSettingChanges).where(where);
  return {
    list: rows.map(({ change, name }) => ({
      id: change.id,
      key: change.key,
      oldValue: change.oldValue,
      newValue: change.newValue,
      changedBy: change.changedBy,
      changedByName: name,
      changedAt: change.changedAt.toISOString(),
    })),
    total: total?.total ?? 0,
  };
}

/** Records the tutor's "I joined"; a second one keeps the first instant. */
export async function insertSupportGroupJoin(db: Database, tutorId: number, at: Date) {
  await db.insert(supportGroupJoins).values({ tutorId, joinedAt: at }).onConflictDoNothing();
}

export async function supportGroupJoinOf(db: Database, tutorId: number): Promise<Date | null> {
  const [row] = await db
    .select({ joinedAt: supportGroupJoins.joinedAt })
    .from(supportGroupJoins)
    .where(eq(supportGroupJoins.tutorId, tutorId));
  return row?.joinedAt ?? null;
}

/**
 * The default notice period in force, as an expression a new tutor profile row's insert reads in
 * its own statement (record 354): the stored setting, else the default.
 */
export const defaultNoticePeriodSql = (): SQL<number> =>
  sql<number>`coalesce((select (${platformSettings.value})::int from ${platformSettings} where ${platformSettings.key} = ${'defaultNoticePeriod' satisfies PlatformSettingKey}), ${DEFAULT_PLATFORM_SETTINGS.defaultNoticePeriod})`;

import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { Role } from '@talaqa/domain';
import { queryRows } from '../../src/db';
import { userFiles, users } from '../../src/db/schema';
import { RECORD_OLD_IMAGES_JOB, recordOldImages } from '../../src/modules/assets/old-images';
import { heldBytes, recordOldImage } from '../../src/modules/assets/repo';
import { signedInUser } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';

/**
 * Migration 0020 (docs/decisions/241-old-images-counted.md): profile images stored before
 * `user_files` existed are measured in the store and recorded, so the per-user allowance counts
 * them. The migration schedules the job only when such an image exists.
 */
const MIGRATION = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../drizzle/0020_user_files_backfill.sql',
);

let server: TestServer;
let uploadsDir: string;
const db = () => server.app.database.db;

beforeAll(async () => {
  uploadsDir = await mkdtemp(join(tmpdir(), 'talaqa-backfill-'));
  server = await startTestServer({ uploadsDir });
});
afterAll(async () => {
  await server.close();
  await rm(uploadsDir, { recursive: true, force: true });
});

async function runMigration(): Promise<void> {
  const text = await readFile(MIGRATION, 'utf8');
  for (const statement of text.split('--> statement-breakpoint')) {
    await db().execute(sql.raw(statement));
  }
}

async function jobs(): Promise<{ done: boolean }[]> {
  return queryRows<{ done: boolean }>(
    db(),
    sql`select done_at is not null as done from jobs where kind = ${RECORD_OLD_IMAGES_JOB}`,
  );
}

/** A user whose profile image was stored the old way: a file (or not), and no row. */
async function oldImage(bytes: number | undefined): Promise<{ id: number; name: string }> {
  const { id } = await signedInUser(server, Role.Student);
  const name =
    bytes === undefined
      ? `${randomUUID()}.png`
      : await server.app.assets.save('uploads', new Uint8Array(bytes).fill(7), 'png');
  await db().update(users).set({ image: name }).where(eq(users.id, id));
  return { id, name };
}

const rowsOf = (userId: number) =>
  db()
    .select({ name: userFiles.name, bytes: userFiles.bytes })
    .from(userFiles)
    .where(eq(userFiles.userId, userId));

describe('old profile images in user_files (migration 0020)', () => {
  it('schedules nothing on a database without old images', async () => {
    await runMigration();
    expect(await jobs()).toEqual([]);
  });

  it('measures and records every old image whose file is there, once', async () => {
    const kept = await oldImage(12_345);
    const gone = await oldImage(undefined);
    const recorded = await signedInUser(server, Role.Student);
    await db().insert(userFiles).values({ name: 'new.png', userId: recorded.id, bytes: 99 });
    await db().update(users).set({ image: 'new.png' }).where(eq(users.id, recorded.id));
    expect(await heldBytes(db(), kept.id)).toBe(0);

    await runMigration();
    await runMigration();
    expect(await jobs()).toEqual([{ done: false }]);
    const deadline = Date.now() + 15_000;
    while (!(await jobs())[0]?.done) {
      if (Date.now() > deadline) throw new Error('the job did not run');
      await server.app.jobs.runDue();
    }

    expect(await rowsOf(kept.id)).toEqual([{ name: kept.name, bytes: 12_345 }]);
    expect(await heldBytes(db(), kept.id)).toBe(12_345);
    // A file already gone holds nothing; a recorded image is left as it was.
    expect(await rowsOf(gone.id)).toEqual([]);
    expect(await rowsOf(recorded.id)).toEqual([{ name: 'new.png', bytes: 99 }]);
    // Again: nothing left to record.
    const { app } = server;
    expect(await recordOldImages({ db: db(), log: app.log, assets: app.assets })).toBe(0);
  });

  it('records nothing for an image the profile no longer shows', async () => {
    const user = await oldImage(500);
    await db().update(users).set({ image: null }).where(eq(users.id, user.id));
    expect(await recordOldImage(db(), { name: user.name, userId: user.id, bytes: 500 })).toBe(
      false,
    );
    expect(await rowsOf(user.id)).toEqual([]);
  });
});

import type { FastifyInstance } from 'fastify';
import { serviceContextOf } from '../../context';
import type { ServiceContext } from '../../context';
import { recordOldImage, unrecordedImages } from './repo';
import type { AssetStorage } from './storage';

/**
 * Profile images stored before `user_files` existed (migration 0014) held bytes the allowance did
 * not count. Their sizes are in no column, so migration 0020 schedules this job when there are
 * any: it measures each file in the store and records it. Idempotent (a recorded or replaced
 * image is skipped), so a rerun after a crash changes nothing twice.
 * docs/decisions/241-old-images-counted.md
 */
export const RECORD_OLD_IMAGES_JOB = 'assets.record-old-images';

const BATCH = 200;

/** Records every unrecorded profile image whose file is found; answers how many it recorded. */
export async function recordOldImages({
  db,
  log,
  assets,
}: Pick<ServiceContext, 'db' | 'log'> & { assets: Pick<AssetStorage, 'size'> }): Promise<number> {
  let recorded = 0;
  let after = 0;
  for (;;) {
    const batch = await unrecordedImages(db, after, BATCH);
    for (const { userId, name } of batch) {
      const bytes = await assets.size('uploads', name);
      // A file already gone holds nothing; the profile keeps its name as before.
      if (bytes === undefined) {
        log.warn({ userId, name }, 'an old profile image is missing from the store');
        continue;
      }
      if (await recordOldImage(db, { name, userId, bytes })) recorded += 1;
    }
    const last = batch.at(-1);
    if (!last || batch.length < BATCH) return recorded;
    after = last.userId;
  }
}

export function registerOldImagesJob(app: FastifyInstance): void {
  const ctx = { ...serviceContextOf(app, 'assets'), assets: app.assets };
  app.jobs.register(RECORD_OLD_IMAGES_JOB, async (_payload, { log }) => {
    const recorded = await recordOldImages(ctx);
    log.info({ recorded }, 'old profile images recorded in user_files');
  });
}

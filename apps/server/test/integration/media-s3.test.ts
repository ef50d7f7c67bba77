import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@talaqa/domain';
import type { IntroVideoView, User } from '@talaqa/domain';
import { loadConfig } from '../../src/config';
import { signedInUser } from './api';
import { startTestServer } from './helpers';
import type { TestServer } from './helpers';
import { makeVideo, uploadForm } from './media-fixtures';

/**
 * The whole path on S3 storage (MEDIA_STORAGE=s3, decision 311) against a local S3-compatible
 * server: an intro video streamed into the bucket and played back by range, and a profile image
 * (the older caller of the store) written and served from it.
 */
let s3rver: S3rver;
let s3Dir: string;
let videosDir: string;
let server: TestServer;
let client: S3Client;
const BUCKET = 'talaqa-media';

beforeAll(async () => {
  s3Dir = await mkdtemp(join(tmpdir(), 'talaqa-s3-'));
  videosDir = await mkdtemp(join(tmpdir(), 'talaqa-s3-videos-'));
  s3rver = new S3rver({ address: '127.0.0.1', port: 0, directory: s3Dir, silent: true });
  const { port } = await s3rver.run();
  // Read through the configuration, as a deployment would set it.
  const { mediaStorage } = loadConfig({
    APP_ENV: 'local',
    MEDIA_STORAGE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  });
  if (mediaStorage.kind !== 's3') throw new Error('expected S3 storage');
  client = new S3Client({ ...mediaStorage.s3 });
  await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
  server = await startTestServer({ mediaStorage });
});
afterAll(async () => {
  await server?.close();
  client?.destroy();
  await s3rver?.close();
  await rm(s3Dir, { recursive: true, force: true });
  await rm(videosDir, { recursive: true, force: true });
});

const keys = async (): Promise<string[]> =>
  ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? [])
    .map((object) => object.Key ?? '')
    .sort();

describe('media on S3 storage', () => {
  it('stores an intro video in the bucket and plays it back by range', async () => {
    expect(server.app.assets.kind).toBe('s3');
    const video = await makeVideo(videosDir, 31);
    const tutor = await signedInUser(server, Role.Tutor);
    const answer = await uploadForm(
      server,
      'POST',
      '/intro-video/with/asset',
      tutor,
      { video: { bytes: video, type: 'video/mp4' } },
      { duration: '31' },
    );
    expect(answer.status).toBe(201);
    const view = answer.body as unknown as IntroVideoView;
    expect(await keys()).toEqual([`media/${view.thumbnail}`, `media/${view.video}`].sort());
    const ranged = await fetch(`${server.baseUrl}${view.videoUrl}`, {
      headers: { range: 'bytes=100-199' },
    });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get('content-range')).toBe(`bytes 100-199/${video.length}`);
    expect(new Uint8Array(await ranged.arrayBuffer())).toEqual(video.slice(100, 200));
  });

  it('keeps profile images in the bucket too', async () => {
    const user = await signedInUser(server, Role.Student);
    const png = new Uint8Array(2000).fill(1);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const form = new FormData();
    form.append('image', new Blob([png], { type: 'image/png' }), 'me.png');
    const response = await fetch(`${server.baseUrl}/api/v1/user/asset`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${user.token}` },
      body: form,
    });
    const body = (await response.json()) as User;
    expect(response.status).toBe(200);
    expect(await keys()).toContain(`uploads/${body.image}`);
    const served = await fetch(`${server.baseUrl}/api/v1/assets/uploads/${body.image}`);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png);
  });
});

import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestServer } from './helpers';
import type { SignedInUser } from './api';

const run = promisify(execFile);

/**
 * A small real video made by ffmpeg (Debian's, as the server uses): `seconds` of the test pattern,
 * 160x120 at 5 frames a second, H.264 in MP4 with the index first. A few hundred KB at most.
 */
export async function makeVideo(dir: string, seconds: number): Promise<Uint8Array> {
  const path = join(dir, `test-${seconds}s.mp4`);
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${seconds}:size=160x120:rate=5`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    path,
  ]);
  return new Uint8Array(await readFile(path));
}

/** The names stored in one folder of a disk store (sorted; none when the folder is absent). */
export const storedIn = async (root: string, folder: string): Promise<string[]> =>
  (await readdir(join(root, folder)).catch(() => [] as string[])).sort();

export interface Upload {
  status: number;
  body: Record<string, unknown> & { code?: string };
}

/** A multipart upload of `files` (field name to bytes and type) and `fields` as `caller`. */
export async function uploadForm(
  server: TestServer,
  method: 'POST' | 'PUT',
  path: string,
  caller: SignedInUser | null,
  files: Record<string, { bytes: Uint8Array; type: string }>,
  fields: Record<string, string> = {},
): Promise<Upload> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) {
    form.append(name, new Blob([file.bytes], { type: file.type }), `${name}.bin`);
  }
  const response = await fetch(`${server.baseUrl}/api/v1${path}`, {
    method,
    headers: caller ? { authorization: `Bearer ${caller.token}` } : {},
    body: form,
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Upload['body']) : {} };
}

/** The same upload streamed without a content-length (the cap must hold while reading). */
export async function uploadChunked(
  server: TestServer,
  method: 'POST' | 'PUT',
  path: string,
  caller: SignedInUser,
  field: string,
  bytes: Uint8Array,
): Promise<Upload> {
  const boundary = 'talaqa-media-boundary';
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="v.mp4"\r\n` +
      'Content-Type: video/mp4\r\n\r\n',
  );
  const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
  const pieces = [
    head,
    ...Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) =>
      bytes.subarray(i * 65536, (i + 1) * 65536),
    ),
    tail,
  ];
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = pieces.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
  const response = await fetch(`${server.baseUrl}/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${caller.token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    body,
    duplex: 'half',
  } as RequestInit);
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Upload['body']) : {} };
}

/** MP4-looking bytes (an `ftyp` box, then filler) of `size`: passes the magic check only. */
export function fakeMp4(size: number): Uint8Array {
  const bytes = new Uint8Array(size).fill(0x41);
  bytes.set([0, 0, 0, 0x20, ...new TextEncoder().encode('ftypisom')]);
  return bytes;
}

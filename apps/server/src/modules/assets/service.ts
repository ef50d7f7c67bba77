import type { FastifyRequest } from 'fastify';
import { detectImageType, IMAGE_MAX_BYTES, USER_STORAGE_MAX_BYTES } from '@talaqa/domain';
import type { ImageType, User } from '@talaqa/domain';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db';
import { AppError } from '../../errors';
import { patchUser } from '../accounts';
import type { AssetStorage } from './storage';
import { addUserFile, heldBytesBesides, lockUserImage, removeUserFile } from './repo';

/** The multipart form of an image upload: one file, a few small fields at most. */
const IMAGE_FORM_LIMITS = {
  fileSize: IMAGE_MAX_BYTES,
  files: 1,
  fields: 5,
  fieldSize: 1024,
  parts: 6,
};

/** Room for the multipart envelope around the file: boundaries, part headers, a few fields. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * Refuses, before a byte of the body is parsed, a request that declares more than an image and
 * its form can take (browsers always send the length of a FormData). Requests that declare no
 * length are capped while the file is read (`readImageUpload`).
 */
export const refuseDeclaredOversize = (request: FastifyRequest): void => {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > IMAGE_MAX_BYTES + FORM_OVERHEAD_BYTES) {
    throw tooLarge();
  }
};

const tooLarge = (): AppError =>
  new AppError('large-file-size', 'The image is larger than 5 MiB', {
    fields: [{ path: 'image', code: 'file-too-large' }],
  });

/**
 * Reads the one image of a multipart request, with a hard cap: the parser stops keeping bytes at
 * IMAGE_MAX_BYTES and marks the file truncated, and anything truncated or past the cap is a 413
 * (`large-file-size`) with nothing kept. The stream is always read to its end (the parser drops
 * what lies past the cap), so the answer goes back on an intact connection. The bytes, not the
 * browser's type or the file name, decide what the file is.
 */
export async function readImageUpload(
  request: FastifyRequest,
): Promise<{ bytes: Uint8Array; type: ImageType }> {
  const file = await request.file({ limits: IMAGE_FORM_LIMITS, throwFileSizeLimit: false });
  if (!file) throw new AppError('empty-request', 'No image in the form');
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of file.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      // Past the cap nothing more is kept; the rest is read only to drain the request.
      if (size <= IMAGE_MAX_BYTES) chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('bad-request', 'The upload was cut off', { cause: error });
  }
  // `truncated` is the parser's own word that it dropped bytes: checked after the end, since the
  // chunk that crosses the cap may be the last one read.
  if (file.file.truncated || size > IMAGE_MAX_BYTES) throw tooLarge();
  const bytes = new Uint8Array(Buffer.concat(chunks, size));
  const type = detectImageType(bytes);
  if (!type) {
    throw new AppError('invalid-image-type', 'Only JPG, PNG or GIF images', {
      fields: [{ path: 'image', code: 'invalid-image-type' }],
    });
  }
  return { bytes, type };
}

/**
 * What a stored profile image may be: an uploaded JPG, PNG or GIF, or an SVG drawn for the project
 * (the demo tutors' portraits, stored by the demo seed). Uploads never take SVG.
 */
export type StoredImageType = ImageType | 'svg';

/**
 * Inside the caller's transaction: makes the stored image `name` (`bytes` long) `userId`'s profile
 * image. Locks the user, checks what they hold against USER_STORAGE_MAX_BYTES (the image it
 * replaces does not count), records the new file, forgets the old one and points the profile at
 * the new one. Answers the user and the replaced image's name, which the caller deletes from the
 * store once the transaction has committed.
 */
export async function recordProfileImage(
  tx: Database,
  userId: number,
  image: { name: string; bytes: number },
): Promise<{ user: User; previous: string | null }> {
  const locked = await lockUserImage(tx, userId);
  if (!locked) throw new AppError('user-not-found');
  const held = await heldBytesBesides(tx, userId, locked.image);
  if (held + image.bytes > USER_STORAGE_MAX_BYTES) {
    throw new AppError('large-file-size', 'Past the storage one account may hold', {
      fields: [{ path: 'image', code: 'file-too-large' }],
    });
  }
  await addUserFile(tx, { name: image.name, userId, bytes: image.bytes });
  if (locked.image) await removeUserFile(tx, locked.image);
  const user = await patchUser(tx, userId, { image: image.name });
  return { user, previous: locked.image };
}

/**
 * Makes a stored image `userId`'s profile image. The file is written first under a new name; one
 * transaction then records it (`recordProfileImage`). After the commit the old file is deleted; a
 * failed delete is logged, never the user's problem. When the transaction fails, the new file is
 * deleted instead.
 */
export async function replaceProfileImage(
  { db, log }: Pick<ServiceContext, 'db' | 'log'>,
  assets: AssetStorage,
  userId: number,
  image: { bytes: Uint8Array; type: StoredImageType },
): Promise<User> {
  const name = await assets.save('uploads', image.bytes, image.type);
  let result: { user: User; previous: string | null };
  try {
    result = await db.transaction((tx) =>
      recordProfileImage(tx, userId, { name, bytes: image.bytes.length }),
    );
  } catch (error) {
    await assets.remove('uploads', name).catch((removal: unknown) => {
      log.warn({ err: removal, name }, 'could not delete the refused upload');
    });
    throw error;
  }
  if (result.previous) {
    const previous = result.previous;
    await assets.remove('uploads', previous).catch((error: unknown) => {
      log.warn({ err: error, name: previous }, 'could not delete a replaced image');
    });
  }
  return result.user;
}

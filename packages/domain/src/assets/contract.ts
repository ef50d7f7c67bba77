/**
 * Uploaded files (spec: "uploads are checked by size and by content, stored under generated
 * names"): a profile image goes up as multipart, and a stored file comes back as its bytes.
 */
import { z } from 'zod';
import { anyone, signedIn } from '../access';
import { endpoint } from '../contract/endpoint';
import { userSchema } from '../api/profiles';
import { IMAGE_MAX_BYTES, IMAGE_MIME_TYPES, idTextSchema } from '../validation';

/** PUT /user/asset?forUser={id}: admins may set anyone's image, everyone else only their own. */
export const userImageQuerySchema = z.object({ forUser: idTextSchema.optional() });

/** A stored file's generated name, as `User.image` holds it. */
export const assetParamsSchema = z.object({ name: z.string().max(64) });

export const assetEndpoints = {
  uploadImage: endpoint({
    method: 'PUT',
    path: '/user/asset',
    summary: "Replaces a profile image (one's own; admins: anyone's with forUser)",
    description: 'The bytes decide the type (JPG, PNG or GIF); uploads per hour are limited.',
    access: signedIn,
    query: userImageQuerySchema,
    upload: { field: 'image', accept: Object.keys(IMAGE_MIME_TYPES), maxBytes: IMAGE_MAX_BYTES },
    responses: { 200: userSchema },
    errors: [
      'empty-request',
      'large-file-size',
      'invalid-image-type',
      'user-not-found',
      'too-many-requests',
    ],
  }),
  file: endpoint({
    method: 'GET',
    path: '/assets/uploads/:name',
    summary: 'A stored upload, as its bytes (cached for ever: names are never reused)',
    access: anyone,
    params: assetParamsSchema,
    responses: { 200: z.file().meta({ description: 'The file, with its image content type' }) },
    errors: ['asset-not-found'],
  }),
};

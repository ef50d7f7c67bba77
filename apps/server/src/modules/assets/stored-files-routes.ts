import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API } from '@talaqa/domain';
import { serviceContextOf } from '../../context';
import { identityOf } from '../../http/access';
import { serve } from '../../http/endpoint';
import type { FileUseSource } from './file-uses';
import { profileImageUses } from './repo';
import { deleteStoredFile, deleteUnusedFiles, listStoredFiles } from './stored-files';

export interface StoredFileRoutesOptions {
  /** The other modules' uses of stored files (app.ts composes them); profile images are ours. */
  uses: readonly FileUseSource[];
}

/** The admin's stored files (contract `API.storedFiles`, docs/decisions/347-stored-files.md). */
export const storedFileRoutes: FastifyPluginAsyncZod<StoredFileRoutesOptions> = async (
  app,
  { uses },
) => {
  const ctx = {
    ...serviceContextOf(app, 'assets'),
    assets: app.assets,
    uses: [profileImageUses, ...uses],
  };

  serve(app, API.storedFiles.list, async (request) => listStoredFiles(ctx, request.query));

  serve(app, API.storedFiles.remove, async (request) => {
    const { folder, name } = request.params;
    await deleteStoredFile(ctx, identityOf(request), folder, name);
  });

  serve(app, API.storedFiles.removeUnused, async (request) =>
    deleteUnusedFiles(ctx, identityOf(request), request.body),
  );
};

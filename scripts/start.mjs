// `npm start`: builds what is needed, then runs the whole product in this one process: the API on
// port 4000 and the three built apps on their ports, on an embedded PostgreSQL (PGlite) in .data/
// unless DATABASE_URL is set. Every variable can be overridden from the environment.
import { buildWhatIsNeeded, root } from './lib.mjs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

await buildWhatIsNeeded();

process.env.APP_ENV ??= 'local';
process.env.SERVE_APPS ??= 'true';
process.env.APPS_DIST_DIR ??= root;

await import(pathToFileURL(join(root, 'apps/server/dist/main.js')).href);

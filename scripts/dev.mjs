// `npm run dev`: the API with tsx watch and the three apps on Vite dev servers (hot reload).
import { run } from './lib.mjs';

const code = await run(
  'npx',
  [
    'concurrently',
    '--kill-others-on-fail',
    '--names',
    'api,web,admin,landing',
    '--prefix-colors',
    'blue,green,magenta,yellow',
    'npm run dev -w @talaqa/server',
    'npm run dev -w @talaqa/web',
    'npm run dev -w @talaqa/admin',
    'npm run dev -w @talaqa/landing',
  ],
  { env: { APP_ENV: process.env.APP_ENV ?? 'local' } },
);
process.exit(code);

import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @talaqa/server` diffs src/db/schema against drizzle/meta and writes the
// next SQL migration. Hand-written SQL (extensions, exclusion constraints) goes in a migration made
// with `npx drizzle-kit generate --custom --name <what>`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});

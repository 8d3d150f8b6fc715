// Prisma 7 reads no .env and its env() throws when a variable is unset (even for
// `prisma generate`), so the URL comes straight from process.env.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres' },
});

import 'reflect-metadata';
import { createApp } from './app.js';
import { ConfigError, validateEnv, type Settings } from './config/env.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './database/embedded.js';
import { migrate } from './database/migrations.js';

/**
 * `npm start`: validate the configuration, resolve the database (DATABASE_URL, else the
 * embedded PostgreSQL under .data/postgres), apply pending migrations, serve.
 */
async function main(): Promise<void> {
  let settings: Settings;
  try {
    settings = validateEnv(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  let embedded: EmbeddedDatabase | null = null;
  if (!settings.databaseUrl) {
    console.log('DATABASE_URL is unset: starting the embedded PostgreSQL in .data/postgres');
    embedded = await startEmbeddedPostgres();
    settings = { ...settings, databaseUrl: embedded.url };
  }
  const applied = await migrate(settings.databaseUrl!);
  if (applied.length) console.log(`applied migrations: ${applied.join(', ')}`);
  const app = await createApp(settings);
  if (embedded) {
    const db = embedded;
    const stop = async () => {
      await app.close().catch(() => undefined);
      await db.stop().catch(() => undefined);
      process.exit(0);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  }
  await app.listen(settings.port);
  console.log(`kartentisch listening on http://localhost:${settings.port} (Swagger UI at /docs)`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});

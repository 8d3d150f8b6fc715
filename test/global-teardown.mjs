import { rm } from 'node:fs/promises';

/** Stops this run's embedded server and removes its folder (see global-setup.mjs). */
export default async function globalTeardown() {
  const run = globalThis.__KARTENTISCH_EMBEDDED__;
  if (!run) return;
  await run.db.stop();
  await rm(run.dataDir, { recursive: true, force: true });
}

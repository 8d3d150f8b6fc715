import { rm } from 'node:fs/promises';

/** Drops this run's scratch database, or stops its embedded server and removes its folder (see global-setup.mjs). */
export default async function globalTeardown() {
  await globalThis.__KARTENTISCH_SCRATCH__?.drop();
  const run = globalThis.__KARTENTISCH_EMBEDDED__;
  if (!run) return;
  await run.db.stop();
  await rm(run.dataDir, { recursive: true, force: true });
}

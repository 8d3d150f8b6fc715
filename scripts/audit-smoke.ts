/**
 * End-to-end smoke run of the collusion module against a real PostgreSQL (DATABASE_URL):
 * boots the app with `CollusionModule` added (the lead wires it into AppModule for real),
 * imports simulated hands through `POST /hand-records`, then asks `GET /audit/collusion`
 * and `GET /hands/{id}/audit`.
 *
 * Every simulated player is created with `POST /players`; the hands are imported with their
 * `seating` (player id per seat).
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/<fresh db> npx tsx scripts/audit-smoke.ts --hands 1500
 */
import 'reflect-metadata';
import { Module, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from '../src/app.module.js';
import { CollusionModule } from '../src/collusion/collusion.module.js';
import { ApiError } from '../src/common/problems.js';
import { validateEnv } from '../src/config/env.js';
import { migrate } from '../src/database/migrations.js';
import { castPlayers, simulateHands } from '../src/collusion/sim/simulate.js';

@Module({})
class AuditSmokeModule {}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const hands = Number(argv[argv.indexOf('--hands') + 1] ?? 1500) || 1500;
  const token = 'audit-smoke-token-0123456789abcdef';
  const settings = validateEnv({
    ...process.env,
    AUDIT_TOKEN: token,
    RATE_LIMIT_PER_MINUTE: '0',
    LOG_LEVEL: process.env['SMOKE_LOG'] ?? 'silent',
  });
  await migrate(settings.databaseUrl!);
  const app = await NestFactory.create(
    { module: AuditSmokeModule, imports: [AppModule.forRoot(settings), CollusionModule] },
    { logger: process.env['SMOKE_LOG'] ? undefined : false },
  );
  app.useGlobalPipes(
    new ValidationPipe({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      exceptionFactory: () => ApiError.of('VALIDATION_FAILED', 'bad query'),
    }),
  );
  await app.listen(0);
  const url = await app.getUrl();
  const base = url.replace('[::1]', 'localhost');
  const auth = { Authorization: `Bearer ${token}` };
  const config = { players: 24, hands, colludingPairs: 2, rate: 0.5, seed: 7 };
  const planted = castPlayers(config)
    .filter((p) => p.partner)
    .map((p) => `${p.id} → ${p.partner}`);
  // Seating must name existing players: one service player per simulated id.
  const ids = new Map<string, string>();
  for (const p of castPlayers(config)) {
    const res = await fetch(`${base}/players`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: p.id }),
    });
    ids.set(p.id, ((await res.json()) as { id: string }).id);
  }
  const names = new Map([...ids].map(([sim, id]) => [id, sim]));
  let firstHand = '';
  const t0 = performance.now();
  for (const h of simulateHands(config)) {
    const res = await fetch(`${base}/hand-records`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...h.record, seating: h.players.map((p) => ids.get(p)) }),
    });
    if (res.status !== 201) throw new Error(`import: ${res.status} ${await res.text()}`);
    const { handId } = (await res.json()) as { handId: string };
    firstHand ||= handId;
  }
  console.log(`imported ${hands} hands in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const one = await fetch(`${base}/hands/${firstHand}/audit`, { headers: auth });
  console.log(`GET /hands/{id}/audit → ${one.status}`, JSON.stringify(await one.json()).slice(0, 300));
  let job = (await (await fetch(`${base}/audit/collusion?minHands=5`, { headers: auth })).json()) as {
    jobId: string;
    status: string;
    done: number;
    total: number;
    pairs: { declarer: string; defender: string; p: number; tier: string | null; handsAsPair: number }[] | null;
  };
  while (job.status === 'running') {
    await new Promise((r) => setTimeout(r, 2000));
    const t = performance.now();
    const health = await fetch(`${base}/health`);
    const latency = performance.now() - t;
    job = (await (await fetch(`${base}/audit/collusion/jobs/${job.jobId}`, { headers: auth })).json()) as typeof job;
    console.log(`job ${job.status} ${job.done}/${job.total} (GET /health meanwhile: ${health.status} in ${latency.toFixed(0)} ms)`);
  }
  const back = (u: string): string => names.get(u) ?? u;
  console.log('planted:', planted.join(', '));
  for (const r of (job.pairs ?? []).slice(0, 8))
    console.log(`${back(r.declarer)} → ${back(r.defender)}  hands ${r.handsAsPair}  p ${r.p.toExponential(2)}  ${r.tier ?? ''}`);
  await app.close();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});

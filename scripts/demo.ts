/**
 * `npm run demo`: bots play a short session of each game over the public HTTP API — Dobbm
 * with four and with five players, Droggn with three, Doppelkopf with four — then the host
 * ends each session the way the rules do (Dobbm: a Mußrunde; Droggn: the last hands;
 * Doppelkopf: at once) and the ledgers are printed and checked to sum to zero.
 *
 *   npm run demo                                  # builds and starts the service itself
 *   npm run demo -- --url http://127.0.0.1:3000   # against a running service
 *   npm run demo -- --hands 3 --seed 7            # hands before the end is called; bot seed
 *
 * Without --url, KARTENTISCH_URL is used when its /health answers; otherwise the built
 * service is started on a free port (DATABASE_URL if set, else the embedded PostgreSQL)
 * and stopped at the end.
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { KartentischClient, type Game, type Ledger, type Player, type TableInfo } from './lib/api-client.js';
import { playHand, SeatBot } from './lib/http-bot.js';
import { buildService, Cleanup, startService } from './lib/service-process.js';
import { seededRng } from '../src/engine/core/rng.js';

interface TableSpec {
  label: string;
  game: Game;
  rules: Record<string, unknown>;
  seats: number;
  /** What the host's session-end request means at this table, for the progress line. */
  ending: string;
}

const TABLES: TableSpec[] = [
  { label: 'Dobbm, 4 players', game: 'dobbm', rules: { players: 4 }, seats: 4, ending: 'Mußrunde' },
  { label: 'Dobbm, 5 players', game: 'dobbm', rules: { players: 5 }, seats: 5, ending: 'Mußrunde' },
  { label: 'Droggn, 3 players', game: 'droggn', rules: { players: 3 }, seats: 3, ending: 'last hands' },
  { label: 'Doppelkopf, 4 players', game: 'doppelkopf', rules: {}, seats: 4, ending: 'session end' },
];

/** The regulars of the Stammtisch; players are identities across tables (docs/design.md). */
const NAMES = ['Resi', 'Sepp', 'Vroni', 'Hias', 'Burgl'];
/** Bounds: a session that has not ended by then is reported as a failure. */
const MAX_HANDS_PER_TABLE = 30;

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    hands: { type: 'string', default: '2' },
    seed: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    'timeout-s': { type: 'string', default: '300' },
  },
});

async function main(): Promise<number> {
  const cleanup = new Cleanup();
  try {
    const url = await serviceUrl(cleanup);
    const ordinaryHands = Math.max(1, Number(args.hands));
    const seed = args.seed !== undefined ? Number(args.seed) : Date.now() % 1_000_000;
    const deadline = Date.now() + Number(args['timeout-s']) * 1000;
    console.log(`kartentisch demo against ${url} (bot seed ${seed}; ${ordinaryHands} hands, then the host ends each session)\n`);

    const api = new KartentischClient(url);
    cleanup.add('close client', () => api.close());
    const players: Player[] = [];
    for (const name of NAMES) players.push(await api.createPlayer(name));

    const bars = new cliProgress.MultiBar(
      {
        format: ' {label} |{bar}| {value}/{total} hands  {note}',
        barsize: 24,
        hideCursor: true,
        clearOnComplete: false,
        stopOnComplete: false,
      },
      cliProgress.Presets.shades_classic,
    );
    const labelWidth = Math.max(...TABLES.map((t) => t.label.length));
    const sessions = await Promise.allSettled(
      TABLES.map((spec, i) => {
        const bar = new TableBar(bars, spec.label.padEnd(labelWidth), ordinaryHands + expectedClosingHands(spec));
        // Each table its own connection, and its own bot seed so a rerun with --seed repeats.
        const tableApi = new KartentischClient(url);
        cleanup.add('close table client', () => tableApi.close());
        return playSession(tableApi, spec, rotate(players, i).slice(0, spec.seats), ordinaryHands, seed + i, deadline, bar);
      }),
    );
    bars.stop();

    let failures = 0;
    console.log('');
    for (const [i, outcome] of sessions.entries()) {
      const spec = TABLES[i]!;
      if (outcome.status === 'rejected') {
        failures++;
        console.log(`${spec.label}: FAILED — ${outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason)}\n`);
        continue;
      }
      const ledger = await api.ledger(outcome.value.table.id);
      if (!printLedger(spec, outcome.value, ledger)) failures++;
    }
    console.log(failures === 0 ? 'All sessions ended and every ledger sums to zero.' : `${failures} table(s) failed.`);
    return failures === 0 ? 0 : 1;
  } finally {
    await cleanup.run();
  }
}

/** --url, else KARTENTISCH_URL if it answers, else a service of our own on a free port. */
async function serviceUrl(cleanup: Cleanup): Promise<string> {
  const given = args.url ?? process.env.KARTENTISCH_URL;
  if (given) {
    const probe = new KartentischClient(given);
    const up = await probe.health();
    probe.close();
    if (up) return given;
    if (args.url) throw new Error(`${given}/health does not answer 200`);
    console.log(`KARTENTISCH_URL=${given} does not answer; starting a service of our own`);
  }
  if (!args['no-build']) {
    console.log('building the service (npm run build)…');
    buildService();
  }
  const logFile = path.join(os.tmpdir(), `kartentisch-demo-${process.pid}.log`);
  console.log(`starting it (${process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded PostgreSQL'}); log in ${logFile}`);
  const service = await startService({ logFile, env: { LOG_LEVEL: 'warn' }, readyTimeoutMs: 90_000 });
  cleanup.add('stop the service', () => service.stop());
  return service.url;
}

interface SessionOutcome {
  table: TableInfo;
  hands: {
    number: number;
    declarer: number | null;
    contract: string | null;
    status: string;
    multiplier: unknown;
    mussrunde: boolean;
    scores: number[];
  }[];
}

/**
 * One table's session: the host (the first player, who opened the table) plays `ordinaryHands`
 * hands, then asks for the session's end and the table plays on until the service ends it.
 */
async function playSession(
  api: KartentischClient,
  spec: TableSpec,
  seated: Player[],
  ordinaryHands: number,
  seed: number,
  deadline: number,
  bar: TableBar,
): Promise<SessionOutcome> {
  const host = seated[0]!;
  const created = await api.createTable(host, spec.game, spec.rules);
  let handId: string | null = null;
  for (const [seat, player] of seated.entries()) handId = (await api.takeSeat(created.id, player, seat)).currentHandId ?? handId;
  const rng = seededRng(seed);
  const bots = seated.map((player, seat) => new SeatBot(api, player, seat, spec.game, rng));
  const hands: SessionOutcome['hands'] = [];
  let endCalled = false;
  let note = 'playing';
  bar.show(0, note);
  while (handId) {
    if (hands.length >= MAX_HANDS_PER_TABLE) throw new Error(`the session did not end within ${MAX_HANDS_PER_TABLE} hands`);
    const played = await playHand(handId, bots, { shouldStop: () => Date.now() > deadline });
    if (!played.finished) throw new Error(`time is up (--timeout-s ${args['timeout-s']}) in hand ${hands.length + 1}`);
    const r = played.result;
    const view = await bots[0]!.view(handId);
    if (r) {
      const mussrunde = view.game === 'dobbm' && view.mussrunde;
      hands.push({
        number: hands.length + 1,
        declarer: r.declarer,
        contract: r.contract,
        status: r.status,
        multiplier: r.multiplier,
        mussrunde,
        scores: r.scores,
      });
      if (mussrunde) note = `${spec.ending}: deal ${hands.filter((h) => h.mussrunde).length} of ${spec.seats}`;
      bar.atLeast(hands.length + (played.nextHandId ? 1 : 0));
      bar.show(hands.length, note);
    }
    handId = played.nextHandId;
    if (!endCalled && hands.length >= ordinaryHands && handId) {
      const answer = await api.sessionEnd(created.id, host);
      endCalled = true;
      note = `${spec.ending} called by ${host.name}`;
      // The untouched next hand is replaced (re-dealt as the first closing hand) or dropped.
      handId = answer.status === 'ended' ? null : answer.currentHandId;
      bar.show(hands.length, note);
    }
  }
  const table = await api.table(created.id);
  if (table.status !== 'ended') throw new Error(`no hand to play, but the table is ${table.status}`);
  bar.finish(hands.length, `${note}; session ended`);
  return { table, hands };
}

/**
 * Hands after the request, as this service deals them: the next hand is already dealt when
 * the host asks, so Dobbm plays it and then its Mußrunde (n deals, docs/rules/dobbm.md#mussrunde), Droggn
 * plays it and then its closing hands (docs/rules/droggn.md#session-end), Doppelkopf drops it and ends.
 */
function expectedClosingHands(spec: TableSpec): number {
  if (spec.game === 'dobbm') return 1 + spec.seats;
  if (spec.game === 'droggn') return 5;
  return 0;
}

/** Prints the hands and balances; false when the balances do not sum to zero. */
function printLedger(spec: TableSpec, outcome: SessionOutcome, ledger: Ledger): boolean {
  const nameOf = (seat: number | null) => (seat === null ? '—' : (outcome.table.seats[seat]?.name ?? `seat ${seat}`));
  console.log(`${spec.label} (table ${outcome.table.id})`);
  console.log(`  ${''.padEnd(44)} ${outcome.table.seats.map((s) => (s.name ?? '').slice(0, 6).padStart(6)).join(' ')}`);
  for (const h of outcome.hands) {
    const who = h.declarer === null ? '' : `${nameOf(h.declarer)} `;
    const what = h.status === 'thrownIn' ? 'thrown in' : `${who}${h.contract}${Number(h.multiplier) > 1 ? ` ×${h.multiplier}` : ''}`;
    console.log(
      `  hand ${String(h.number).padStart(2)}${h.mussrunde ? ' (Mußrunde)' : '           '}  ${what.padEnd(24)} ${h.scores.map((s) => String(s).padStart(6)).join(' ')}`,
    );
  }
  const cents = ledger.balances.reduce((sum, b) => sum + Math.round(b.amount * 100), 0);
  for (const b of ledger.balances) console.log(`  ${(b.name ?? nameOf(b.seat)).padEnd(8)} ${String(b.amount).padStart(8)}`);
  console.log(`  ${'sum'.padEnd(8)} ${String(cents / 100).padStart(8)}  ${cents === 0 ? 'zero-sum ✓' : 'NOT ZERO ✗'}\n`);
  return cents === 0;
}

/** One table's line in the multibar: hands played, and what the session is doing. */
class TableBar {
  private readonly bar: cliProgress.SingleBar;

  constructor(
    bars: cliProgress.MultiBar,
    private readonly label: string,
    planned: number,
  ) {
    this.bar = bars.create(planned, 0, { label, note: 'seating…' });
  }

  show(hands: number, note: string): void {
    // The label goes with every update: off a TTY cli-progress never stored the first payload.
    this.bar.update(hands, { label: this.label, note });
  }

  /** Throw-ins make a session longer than planned: widen the bar rather than overflow it. */
  atLeast(total: number): void {
    if (total > this.bar.getTotal()) this.bar.setTotal(total);
  }

  finish(hands: number, note: string): void {
    this.bar.setTotal(hands);
    this.show(hands, note);
  }
}

function rotate<T>(items: T[], by: number): T[] {
  return items.map((_, i) => items[(i + by) % items.length]!);
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);

/**
 * Attacks on a seat's away, offer and clock record, from outside as players would make them:
 * `/back` storms (seats that never act but say "I'm back" again and again, to hold their clock
 * off) and handover races (the host's offer, two takers, a bot seated and the player's return,
 * all at once). Each answers figures; `npm run fuzz` prints them and checks them against its goals,
 * and `npm run chaos` runs them again and again while it injects its faults (`startSeatAttacks`).
 */

type Json = Record<string, unknown>;

/**
 * How the attacks reach the service. `npm run fuzz` sends each request once; under `npm run chaos`
 * the service is killed and its connections terminated, so a request that meets no service (a
 * network error) or `503 DATABASE_UNAVAILABLE` is sent again, as a client would, for up to
 * `retryForMs`. `retried` counts those repeats: a round that needed one cannot tell whether a
 * request it repeated took effect the first time, so its answers prove less.
 */
interface Reach {
  url: string;
  retryForMs: number;
  retried: number;
  /** Repeats by kind, for the summary: `network`, `503 DATABASE_UNAVAILABLE`. */
  faults: Map<string, number>;
}

const once = (url: string): Reach => ({ url, retryForMs: 0, retried: 0, faults: new Map() });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function call(
  reach: Reach,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<{ status: number; body: Json }> {
  const giveUp = Date.now() + reach.retryForMs;
  for (;;) {
    let kind: string;
    try {
      const res = await fetch(`${reach.url}${path}`, {
        method,
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      const answer = { status: res.status, body: text ? (JSON.parse(text) as Json) : {} };
      if (answer.status !== 503 || answer.body.code !== 'DATABASE_UNAVAILABLE' || Date.now() >= giveUp) return answer;
      kind = '503 DATABASE_UNAVAILABLE';
    } catch (err) {
      if (Date.now() >= giveUp) throw err;
      kind = 'network';
    }
    reach.retried++;
    reach.faults.set(kind, (reach.faults.get(kind) ?? 0) + 1);
    await sleep(200);
  }
}

interface SeatPlayer {
  id: string;
  token: string;
}

async function players(reach: Reach, n: number, name: string): Promise<SeatPlayer[]> {
  const out: SeatPlayer[] = [];
  for (let i = 0; i < n; i++) {
    const made = await call(reach, 'POST', '/players', null, { name: `${name} ${i}` });
    if (made.status !== 201) throw new Error(`POST /players answered ${made.status} ${String(made.body.code)}`);
    out.push(made.body as unknown as SeatPlayer);
  }
  return out;
}

/** A Dobbm table hosted by the first of `seated`, every seat taken in order; its first hand. */
async function table(reach: Reach, seated: SeatPlayer[], body: Json): Promise<{ tableId: string; handId: string }> {
  const tableId = (await call(reach, 'POST', '/tables', seated[0]!.token, { game: 'dobbm', ...body })).body.id as string;
  let handId = '';
  for (const [seat, p] of seated.entries()) {
    const taken = await call(reach, 'POST', `/tables/${tableId}/seats`, p.token, { seat });
    handId = (taken.body.currentHandId as string | undefined) ?? handId;
  }
  // A seat taken through a fault may have been answered to the lost request only: the table says where the hand is.
  if (!handId) handId = ((await call(reach, 'GET', `/tables/${tableId}`, null)).body.currentHandId as string | undefined) ?? '';
  if (!handId) throw new Error(`table ${tableId} dealt no hand`);
  return { tableId, handId };
}

export interface BackStormReport {
  /** decisions the substitutes made during the storm */
  decisions: number;
  /** the longest time a decision took, from the event before it, beyond the clock (ms) */
  maxOverClockMs: number;
  /** each decision's deadline (the event before it plus the clock) and how far past it it was made, ms */
  lateness: { deadline: number; ms: number }[];
  backCalls: number;
  serverErrors: number;
}

/**
 * Four players who never act at a table with a `turnSeconds` clock, each posting `/back` every
 * `everyMs` for `seconds` (two of them `/away` just before): every decision must still be made
 * by its substitute within the clock (plus the sweep's latency) — the aim is clock + 2 s.
 */
export async function backStorm(
  url: string | Reach,
  o: { turnSeconds: number; seconds: number; everyMs: number },
): Promise<BackStormReport> {
  const reach = typeof url === 'string' ? once(url) : url;
  const seated = await players(reach, 4, 'Storm');
  const { handId } = await table(reach, seated, { turnSeconds: o.turnSeconds });
  let backCalls = 0;
  let serverErrors = 0;
  const until = Date.now() + o.seconds * 1000;
  await Promise.all(
    seated.map(async (p, seat) => {
      while (Date.now() < until) {
        // Every other seat goes away first: coming back from away must not give a fresh clock either.
        if (seat % 2 === 0) {
          const left = await call(reach, 'POST', `/hands/${handId}/away`, p.token);
          if (left.status >= 500) serverErrors++;
        }
        const res = await call(reach, 'POST', `/hands/${handId}/back`, p.token);
        backCalls++;
        if (res.status >= 500) serverErrors++;
        if (res.status === 409) break; // the hand is over
        await new Promise((r) => setTimeout(r, o.everyMs));
      }
    }),
  );
  const log = (await call(reach, 'GET', `/hands/${handId}/events`, seated[0]!.token)).body as unknown as {
    seq: number;
    createdAt: string;
  }[];
  let maxOverClockMs = 0;
  const lateness: BackStormReport['lateness'] = [];
  for (let i = 1; i < log.length; i++) {
    const deadline = Date.parse(log[i - 1]!.createdAt) + o.turnSeconds * 1000;
    const ms = Date.parse(log[i]!.createdAt) - deadline;
    lateness.push({ deadline, ms });
    maxOverClockMs = Math.max(maxOverClockMs, ms);
  }
  return { decisions: log.length - 1, maxOverClockMs, lateness, backCalls, serverErrors };
}

export interface HandoverRaceReport {
  rounds: number;
  /** answers by request and status, e.g. `take 201` */
  answers: Record<string, number>;
  serverErrors: number;
  /** rounds in which more than one of the takers and the bot got the seat */
  doubleHandovers: number;
  /** rounds that ended with the seat offered while its player was not away */
  offersOutlivingReturn: number;
  /** rounds whose seat is not where the answers put it (a handover answered 201 and not made, or made and not answered) */
  misplaced: number;
  /**
   * rounds in which a request had to be repeated through a fault: whether its first try took effect
   * is unknown, so they are not counted in `misplaced` (the seat and its offer are still checked)
   */
  disturbed: number;
}

/**
 * `rounds` tables, each with its seat 3's player away; then at once: the host offers the seat,
 * two others take it, the host seats a bot there, and the player comes back (every other round
 * the seat was offered before). At most one handover may succeed, the seat is where the answers
 * put it, and it is never left offered to a player who is not away.
 */
export async function handoverRaces(url: string | Reach, rounds: number, first = 0): Promise<HandoverRaceReport> {
  const reach = typeof url === 'string' ? once(url) : url;
  const report: HandoverRaceReport = {
    rounds,
    answers: {},
    serverErrors: 0,
    doubleHandovers: 0,
    offersOutlivingReturn: 0,
    misplaced: 0,
    disturbed: 0,
  };
  for (let round = first; round < first + rounds; round++) {
    const [host, p1, p2, holder, x, y] = await players(reach, 6, `Race ${round}`);
    const { tableId, handId } = await table(reach, [host!, p1!, p2!, holder!], { clock: 'off' });
    await call(reach, 'POST', `/hands/${handId}/away`, holder!.token);
    if (round % 2 === 0) await call(reach, 'POST', `/tables/${tableId}/seats/3/offer`, host!.token);
    const retriedBefore = reach.retried;
    const timed = async (name: string, run: () => Promise<{ status: number }>) => {
      const res = await run();
      report.answers[`${name} ${res.status}`] = (report.answers[`${name} ${res.status}`] ?? 0) + 1;
      if (res.status >= 500) report.serverErrors++;
      return { name, status: res.status };
    };
    const done = await Promise.all([
      timed('offer', () => call(reach, 'POST', `/tables/${tableId}/seats/3/offer`, host!.token)),
      timed('take', () => call(reach, 'POST', `/tables/${tableId}/seats`, x!.token, { seat: 3 })),
      timed('take', () => call(reach, 'POST', `/tables/${tableId}/seats`, y!.token, { seat: 3 })),
      timed('bot', () => call(reach, 'POST', `/tables/${tableId}/bots`, host!.token, { seat: 3, strength: 'random' })),
      timed('back', () => call(reach, 'POST', `/hands/${handId}/back`, holder!.token)),
    ]);
    const passed = done.filter((d) => (d.name === 'take' || d.name === 'bot') && d.status === 201).length;
    if (passed > 1) report.doubleHandovers++;
    const disturbed = reach.retried > retriedBefore;
    if (disturbed) report.disturbed++;
    const now = (await call(reach, 'GET', `/tables/${tableId}`, null)).body as { seats: { playerId: string; offered: boolean }[] };
    const hand = (await call(reach, 'GET', `/hands/${handId}`, host!.token)).body as { away: number[]; offered?: number[] };
    const seat = now.seats[3]!;
    // The seat's offer, as the table and as the hand's view say it: neither may outlive its player's return.
    if (seat.playerId === holder!.id && (seat.offered || hand.offered?.includes(3)) && !hand.away.includes(3))
      report.offersOutlivingReturn++;
    if (!disturbed && passed > 0 !== (seat.playerId !== holder!.id)) report.misplaced++;
  }
  return report;
}

export interface SeatAttacks {
  /** Ends the attacks after the storm and the race round under way; their figures, summed. */
  stop(): Promise<{
    storm: BackStormReport & { storms: number };
    races: HandoverRaceReport;
    failures: string[];
    faults: Map<string, number>;
  }>;
}

/**
 * The attacks again and again until stopped, for `npm run chaos`: one `/back` storm after
 * another (each `stormSeconds` long) beside one handover race round after another, every
 * request repeated through the faults for up to `retryForMs`. A storm or round that still meets
 * no service after that is a failure (it is reported, and the attacks go on).
 */
export function startSeatAttacks(
  url: string,
  o: { turnSeconds: number; stormSeconds: number; everyMs: number; retryForMs: number },
): SeatAttacks {
  const reach: Reach = { url, retryForMs: o.retryForMs, retried: 0, faults: new Map() };
  let stopping = false;
  const failures: string[] = [];
  const storm: BackStormReport & { storms: number } = {
    storms: 0,
    decisions: 0,
    maxOverClockMs: 0,
    lateness: [],
    backCalls: 0,
    serverErrors: 0,
  };
  const races: HandoverRaceReport = {
    rounds: 0,
    answers: {},
    serverErrors: 0,
    doubleHandovers: 0,
    offersOutlivingReturn: 0,
    misplaced: 0,
    disturbed: 0,
  };
  const storming = (async () => {
    while (!stopping) {
      try {
        const r = await backStorm(reach, { turnSeconds: o.turnSeconds, seconds: o.stormSeconds, everyMs: o.everyMs });
        storm.storms++;
        storm.decisions += r.decisions;
        storm.maxOverClockMs = Math.max(storm.maxOverClockMs, r.maxOverClockMs);
        storm.lateness.push(...r.lateness);
        storm.backCalls += r.backCalls;
        storm.serverErrors += r.serverErrors;
      } catch (err) {
        failures.push(`/back storm: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  })();
  const racing = (async () => {
    while (!stopping) {
      try {
        const r = await handoverRaces(reach, 1, races.rounds);
        races.rounds++;
        for (const [k, n] of Object.entries(r.answers)) races.answers[k] = (races.answers[k] ?? 0) + n;
        races.serverErrors += r.serverErrors;
        races.doubleHandovers += r.doubleHandovers;
        races.offersOutlivingReturn += r.offersOutlivingReturn;
        races.misplaced += r.misplaced;
        races.disturbed += r.disturbed;
      } catch (err) {
        failures.push(`handover race: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  })();
  return {
    async stop() {
      stopping = true;
      await Promise.all([storming, racing]);
      return { storm, races, failures, faults: reach.faults };
    },
  };
}

export const backStormLine = (r: BackStormReport): string =>
  `/back storm: ${r.backCalls} calls, ${r.decisions} decisions by substitutes, the slowest ${r.maxOverClockMs} ms over its clock; ${r.serverErrors} 5xx`;

export const handoverRaceLine = (r: HandoverRaceReport): string =>
  `handover races: ${r.rounds} rounds, answers ${JSON.stringify(r.answers)}; ${r.serverErrors} 5xx, ` +
  `${r.doubleHandovers} seats handed on twice, ${r.offersOutlivingReturn} offers outliving a return, ${r.misplaced} seats not where the answers put them` +
  (r.disturbed ? ` (${r.disturbed} rounds with a request repeated through a fault not judged by their answers)` : '');

/**
 * Attacks on a seat's away, offer and clock record, from outside as players would make them:
 * `/back` storms (seats that never act but say "I'm back" again and again, to hold their clock
 * off) and handover races (the host's offer, two takers, a bot seated and the player's return,
 * all at once). Each answers figures; `npm run fuzz` prints them and checks them against its goals.
 */

type Json = Record<string, unknown>;

async function call(
  url: string,
  method: string,
  path: string,
  token: string | null,
  body?: unknown,
): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Json) : {} };
}

interface SeatPlayer {
  id: string;
  token: string;
}

async function players(url: string, n: number, name: string): Promise<SeatPlayer[]> {
  const out: SeatPlayer[] = [];
  for (let i = 0; i < n; i++) out.push((await call(url, 'POST', '/players', null, { name: `${name} ${i}` })).body as unknown as SeatPlayer);
  return out;
}

/** A Dobbm table hosted by the first of `seated`, every seat taken in order; its first hand. */
async function table(url: string, seated: SeatPlayer[], body: Json): Promise<{ tableId: string; handId: string }> {
  const tableId = (await call(url, 'POST', '/tables', seated[0]!.token, { game: 'dobbm', ...body })).body.id as string;
  let handId = '';
  for (const [seat, p] of seated.entries()) {
    const taken = await call(url, 'POST', `/tables/${tableId}/seats`, p.token, { seat });
    handId = (taken.body.currentHandId as string | undefined) ?? handId;
  }
  return { tableId, handId };
}

export interface BackStormReport {
  /** decisions the substitutes made during the storm */
  decisions: number;
  /** the longest time a decision took, from the event before it, beyond the clock (ms) */
  maxOverClockMs: number;
  backCalls: number;
  serverErrors: number;
}

/**
 * Four players who never act at a table with a `turnSeconds` clock, each posting `/back` every
 * `everyMs` for `seconds` (two of them `/away` just before): every decision must still be made
 * by its substitute within the clock (plus the sweep's latency) — the aim is clock + 2 s.
 */
export async function backStorm(url: string, o: { turnSeconds: number; seconds: number; everyMs: number }): Promise<BackStormReport> {
  const seated = await players(url, 4, 'Storm');
  const { handId } = await table(url, seated, { turnSeconds: o.turnSeconds });
  let backCalls = 0;
  let serverErrors = 0;
  const until = Date.now() + o.seconds * 1000;
  await Promise.all(
    seated.map(async (p, seat) => {
      while (Date.now() < until) {
        // Every other seat goes away first: coming back from away must not give a fresh clock either.
        if (seat % 2 === 0) {
          const left = await call(url, 'POST', `/hands/${handId}/away`, p.token);
          if (left.status >= 500) serverErrors++;
        }
        const res = await call(url, 'POST', `/hands/${handId}/back`, p.token);
        backCalls++;
        if (res.status >= 500) serverErrors++;
        if (res.status === 409) break; // the hand is over
        await new Promise((r) => setTimeout(r, o.everyMs));
      }
    }),
  );
  const log = (await call(url, 'GET', `/hands/${handId}/events`, seated[0]!.token)).body as unknown as { seq: number; createdAt: string }[];
  let maxOverClockMs = 0;
  for (let i = 1; i < log.length; i++) {
    const took = Date.parse(log[i]!.createdAt) - Date.parse(log[i - 1]!.createdAt);
    maxOverClockMs = Math.max(maxOverClockMs, took - o.turnSeconds * 1000);
  }
  return { decisions: log.length - 1, maxOverClockMs, backCalls, serverErrors };
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
}

/**
 * `rounds` tables, each with its seat 3's player away; then at once: the host offers the seat,
 * two others take it, the host seats a bot there, and the player comes back (every other round
 * the seat was offered before). At most one handover may succeed, the seat is where the answers
 * put it, and it is never left offered to a player who is not away.
 */
export async function handoverRaces(url: string, rounds: number): Promise<HandoverRaceReport> {
  const report: HandoverRaceReport = {
    rounds,
    answers: {},
    serverErrors: 0,
    doubleHandovers: 0,
    offersOutlivingReturn: 0,
    misplaced: 0,
  };
  for (let round = 0; round < rounds; round++) {
    const [host, p1, p2, holder, x, y] = await players(url, 6, `Race ${round}`);
    const { tableId, handId } = await table(url, [host!, p1!, p2!, holder!], { clock: 'off' });
    await call(url, 'POST', `/hands/${handId}/away`, holder!.token);
    if (round % 2 === 0) await call(url, 'POST', `/tables/${tableId}/seats/3/offer`, host!.token);
    const timed = async (name: string, run: () => Promise<{ status: number }>) => {
      const res = await run();
      report.answers[`${name} ${res.status}`] = (report.answers[`${name} ${res.status}`] ?? 0) + 1;
      if (res.status >= 500) report.serverErrors++;
      return { name, status: res.status };
    };
    const done = await Promise.all([
      timed('offer', () => call(url, 'POST', `/tables/${tableId}/seats/3/offer`, host!.token)),
      timed('take', () => call(url, 'POST', `/tables/${tableId}/seats`, x!.token, { seat: 3 })),
      timed('take', () => call(url, 'POST', `/tables/${tableId}/seats`, y!.token, { seat: 3 })),
      timed('bot', () => call(url, 'POST', `/tables/${tableId}/bots`, host!.token, { seat: 3, strength: 'random' })),
      timed('back', () => call(url, 'POST', `/hands/${handId}/back`, holder!.token)),
    ]);
    const passed = done.filter((d) => (d.name === 'take' || d.name === 'bot') && d.status === 201).length;
    if (passed > 1) report.doubleHandovers++;
    const now = (await call(url, 'GET', `/tables/${tableId}`, null)).body as { seats: { playerId: string; offered: boolean }[] };
    const hand = (await call(url, 'GET', `/hands/${handId}`, host!.token)).body as { away: number[] };
    const seat = now.seats[3]!;
    if (seat.playerId === holder!.id && seat.offered && !hand.away.includes(3)) report.offersOutlivingReturn++;
    if (passed > 0 !== (seat.playerId !== holder!.id)) report.misplaced++;
  }
  return report;
}

export const backStormLine = (r: BackStormReport): string =>
  `/back storm: ${r.backCalls} calls, ${r.decisions} decisions by substitutes, the slowest ${r.maxOverClockMs} ms over its clock; ${r.serverErrors} 5xx`;

export const handoverRaceLine = (r: HandoverRaceReport): string =>
  `handover races: ${r.rounds} rounds, answers ${JSON.stringify(r.answers)}; ${r.serverErrors} 5xx, ` +
  `${r.doubleHandovers} seats handed on twice, ${r.offersOutlivingReturn} offers outliving a return, ${r.misplaced} seats not where the answers put them`;

import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import pg from 'pg';

/**
 * The service fuzzed from its own OpenAPI document: requests drawn by fast-check
 * from each operation's schemas, with hostile values mixed in (depth, size, NUL, unpaired
 * surrogates, huge numbers, wrong types, foreign and missing tokens, stale seqs, mutated card
 * codes, tampered hand records) and legal actions played in between so the hands move on.
 *
 * Checked: no answer is 5xx (nor a time-out); every 4xx is problem+json with a `code`; every
 * event already in the database is byte-identical at the end; every new event of a played hand
 * answers one accepted action, and holds only the fields docs/contract.md#actions gives its type;
 * the service's memory stays bounded. Used by `npm run fuzz` and test/fuzz.e2e.spec.ts.
 */
export interface FuzzOptions {
  url: string;
  databaseUrl: string;
  auditToken: string;
  requests: number;
  seed: number;
  /** stop drawing new requests after this long */
  timeLimitMs: number;
  concurrency: number;
  /** the service's resident memory in bytes */
  rss: () => number;
  progress?: (done: number) => void;
}

export interface FuzzReport {
  requests: number;
  seconds: number;
  byStatus: Record<string, number>;
  /** 5xx, time-outs, and 4xx without problem+json and a code: the first few in detail */
  failures: { request: string; status: number | string; body: string }[];
  failureCount: number;
  acceptedActions: number;
  importedRecords: number;
  /** events that were there before and changed or vanished */
  eventsChanged: number;
  /** new events of a hand beyond the actions accepted for it */
  eventsUnexplained: number;
  /** fields outside docs/contract.md shape for the action's type, over all new events */
  unknownFieldsInLogs: number;
  unknownFieldExamples: string[];
  handsVerified: number;
  handsFailingVerify: number;
  rssStartMiB: number;
  rssEndMiB: number;
}

/** docs/contract.md#actions: the fields of each type besides `seat` and `type` (plus irregularity, docs/rules/dobbm.md#irregularities). */
const CONTRACT_FIELDS: Record<string, Record<string, readonly string[]>> = {
  dobbm: { bid: ['bid'], discard: ['cards'], double: ['call'], play: ['card'], irregularity: ['offender'] },
  droggn: {
    bid: ['bid'],
    discard: ['cards'],
    buy: ['card', 'give'],
    ready: ['layout'],
    layout: ['card'],
    double: ['call'],
    play: ['card'],
    irregularity: ['offender'],
  },
  doppelkopf: {
    reservation: ['call'],
    contract: ['contract', 'wedding'],
    poverty: ['cards'],
    'poverty-answer': ['accept'],
    'poverty-return': ['cards'],
    piglets: [],
    superpiglets: [],
    announce: ['level'],
    play: ['card'],
  },
};

const GAME_SEATS = { dobbm: 4, droggn: 3, doppelkopf: 4 } as const;
type GameName = keyof typeof GAME_SEATS;

// ---------------------------------------------------------------- hostile values

const deepArrays = (n: number): unknown => {
  let v: unknown = [];
  for (let i = 0; i < n; i++) v = [v];
  return v;
};
const deepObjects = (n: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < n; i++) v = { a: v };
  return v;
};
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfff',
    '\udc00\ud800',
    '\u202eevil',
    '\u200f',
    '',
    '   ',
    'x'.repeat(5000),
    '<script>',
    "'; DROP TABLE hands; --",
  ),
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, -(2 ** 63), 0.5, -1, 1e-300, Number.MAX_SAFE_INTEGER, 4294967296),
  fc.constantFrom(
    deepArrays(40),
    deepObjects(40),
    deepArrays(2000),
    deepObjects(3000),
    new Array(1500).fill(0),
    Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}`, i])),
  ),
  fc.string({ unit: anyCodeUnit, maxLength: 12 }),
  fc.anything({ maxDepth: 3, maxKeys: 4 }),
);

/** A mutated card code: a neighbour, wrong case, padding, another type. */
const mutateCard = (card: unknown, k: number): unknown => {
  const c = String(card);
  return [c.toLowerCase(), `${c}0`, c.slice(1), 'XX', `${c}\u0000`, ` ${c}`, 7, null, [c], c.replace(/\d+$/, '99'), `${c}\ud800`][k % 11];
};

// ---------------------------------------------------------------- schema → arbitrary

type Schema = Record<string, any>;

function arbitraryOf(schema: Schema, doc: Schema, depth = 0): fc.Arbitrary<unknown> {
  const base = baseArbitrary(schema, doc, depth);
  return fc.oneof({ weight: 8, arbitrary: base }, { weight: 1, arbitrary: hostileValue });
}

function baseArbitrary(schema: Schema, doc: Schema, depth: number): fc.Arbitrary<unknown> {
  if (schema.$ref) return baseArbitrary(doc.components.schemas[String(schema.$ref).split('/').pop()!], doc, depth);
  if (!schema.properties && (schema.oneOf || schema.anyOf))
    return fc.oneof(...(schema.oneOf ?? schema.anyOf).map((s: Schema) => baseArbitrary(s, doc, depth + 1)));
  const nullable = (a: fc.Arbitrary<unknown>) => (schema.nullable ? fc.option(a, { nil: null }) : a);
  if (schema.enum) return nullable(fc.constantFrom(...schema.enum));
  switch (schema.type) {
    case 'string':
      return nullable(
        schema.format === 'uuid'
          ? fc.uuid()
          : fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 16, 64) }),
      );
    case 'integer':
      return nullable(fc.integer({ min: schema.minimum ?? -10, max: schema.maximum ?? 200 }));
    case 'number':
      return nullable(fc.double({ noNaN: true }));
    case 'boolean':
      return nullable(fc.boolean());
    case 'null':
      return fc.constant(null);
    case 'array':
      return nullable(depth > 4 ? fc.constant([]) : fc.array(arbitraryOf(schema.items ?? {}, doc, depth + 1), { maxLength: 6 }));
    default: {
      if (depth > 4) return fc.constant({});
      const props = Object.entries<Schema>(schema.properties ?? {});
      const known = fc.record(Object.fromEntries(props.map(([k, s]) => [k, arbitraryOf(s, doc, depth + 1)])), {
        requiredKeys: schema.required ?? [],
      });
      const extra = fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), {
        maxKeys: schema.additionalProperties || props.length === 0 ? 4 : 1,
      });
      return nullable(fc.tuple(known, fc.nat(9), extra).map(([k, roll, e]) => (roll === 0 || props.length === 0 ? { ...e, ...k } : k)));
    }
  }
}

// ---------------------------------------------------------------- plans

interface Operation {
  method: string;
  path: string;
  query: string[];
  body: fc.Arbitrary<unknown> | null;
}

type Auth = 'seat' | 'foreign' | 'auditor' | 'random' | 'none' | 'malformed';
const authArb = fc.constantFrom<Auth>('seat', 'seat', 'foreign', 'auditor', 'random', 'none', 'malformed');

const CURSOR_DATES = ['0', '2020-02-30', '+275760-09-13T00:00:00.000Z', '2020-02-30T00:00:00.000Z', '1970-01-01T00:00:00.000Z', ''];
const queryValue = fc.oneof(
  fc.string({ maxLength: 10 }),
  fc.integer({ min: -5, max: 500 }).map(String),
  fc.constantFrom('1e400', '-0', 'NaN', '%00', 'true', 'dobbm', 'droggn', 'doppelkopf', '2026-11-24', '9999-99-99'),
  fc.constantFrom(...CURSOR_DATES).map((d) => Buffer.from(`${d}|${randomUUID()}`).toString('base64url')),
  fc.string({ unit: anyCodeUnit, maxLength: 6 }),
);
const idArb = fc.record({
  kind: fc.constantFrom('right', 'right', 'right', 'wrongKind', 'uuid', 'junk'),
  pick: fc.nat(),
  junk: fc.constantFrom(
    'not-a-uuid',
    '%00',
    '..%2F..%2Fetc',
    'x'.repeat(300),
    '%ED%A0%80',
    '00000000-0000-0000-0000-000000000000',
    '%F0%9F%83%8F',
    '-1',
    '%',
  ),
});

type Plan =
  | {
      kind: 'schema';
      op: number;
      auth: Auth;
      ids: { kind: string; pick: number; junk: string }[];
      query: (string | null)[];
      body: unknown;
      headers: { idem?: string; ifMatch?: string; ifNoneMatch?: string; prefer?: string };
    }
  | {
      kind: 'legal';
      table: number;
      pick: number;
      mutation: string;
      k: number;
      idem: 'none' | 'fixed' | 'fresh' | 'substitute';
      viaIfMatch: boolean;
    }
  | { kind: 'raw'; op: number; body: string; contentType: string; auth: Auth }
  | { kind: 'record'; hand: number; mutation: string; k: number; auth: Auth }
  | { kind: 'path'; method: string; path: string; auth: Auth };

function planArbitrary(ops: Operation[]): fc.Arbitrary<Plan> {
  const schemaPlan = fc.nat(ops.length - 1).chain((op) =>
    fc.record({
      kind: fc.constant('schema' as const),
      op: fc.constant(op),
      auth: authArb,
      ids: fc.array(idArb, { minLength: 2, maxLength: 2 }),
      query: fc.array(fc.option(queryValue, { nil: null }), { minLength: ops[op]!.query.length, maxLength: ops[op]!.query.length }),
      body: ops[op]!.body ?? fc.constant(undefined),
      headers: fc.record(
        {
          idem: fc.oneof(fc.constant('fuzz-fixed'), fc.string({ maxLength: 300 })),
          ifMatch: fc.oneof(
            fc.nat(40).map((n) => `"${n}"`),
            fc.string({ maxLength: 8 }),
          ),
          ifNoneMatch: fc.oneof(
            fc.nat(40).map((n) => `"${n}"`),
            fc.constant('*'),
            fc.string({ maxLength: 8 }),
          ),
          // never a long wait: the run is bounded in time
          prefer: fc.constantFrom('wait=0', 'wait=1', 'wait=abc', 'wait=-5', 'respond-async'),
        },
        { requiredKeys: [] },
      ),
    }),
  );
  const legalPlan = fc.record({
    kind: fc.constant('legal' as const),
    table: fc.nat(),
    pick: fc.nat(),
    mutation: fc.constantFrom('none', 'none', 'none', 'none', 'card', 'seq', 'extra', 'wrongType', 'dropField', 'otherSeat'),
    k: fc.nat(),
    idem: fc.constantFrom<'none' | 'fixed' | 'fresh' | 'substitute'>('none', 'none', 'fixed', 'fresh', 'substitute'),
    viaIfMatch: fc.boolean(),
  });
  const posts = ops
    .map((o, i) => [o, i] as const)
    .filter(([o]) => o.method === 'POST')
    .map(([, i]) => i);
  const rawPlan = fc.record({
    kind: fc.constant('raw' as const),
    op: fc.constantFrom(...posts),
    body: fc.constantFrom(
      `{"name":${'['.repeat(1500)}${']'.repeat(1500)},"action":${'['.repeat(1500)}${']'.repeat(1500)}}`,
      `{"action":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)},"game":"dobbm","rules":{}}`,
      '{"name":"\\u0000","game":"dobbm","rules":{"stake":"\\u0000"},"expectedSeq":0,"action":{"type":"bid","bid":"\\u0000"}}',
      '{"name":"\\ud800","game":"droggn","rules":{"\\udfff":1},"expectedSeq":0,"action":{"type":"play","card":"\\ud800"}}',
      '{"name": ',
      '{"name":"' + 'x'.repeat(200_000) + '"}',
      '{"expectedSeq":1e400,"action":{"type":"play","card":"HS","seat":99999999999999999999},"seat":-1e308}',
      `{"cards":[${new Array(5000).fill(0).join(',')}],"action":{"type":"discard","cards":[${new Array(1200).fill('"HS"').join(',')}]}}`,
      JSON.stringify(Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`k${i}`, i]))),
      '[]',
      'null',
      '"text"',
      '12',
      '',
    ),
    contentType: fc.constantFrom(
      'application/json',
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/problem+json',
    ),
    auth: authArb,
  });
  const recordPlan = fc.record({
    kind: fc.constant('record' as const),
    hand: fc.nat(),
    mutation: fc.constantFrom(
      'none',
      'card',
      'deckDup',
      'swap',
      'dropAction',
      'extraField',
      'actionField',
      'dealer',
      'game',
      'rules',
      'seat',
      'truncateDeck',
      'hugeActions',
      'seating',
    ),
    k: fc.nat(),
    auth: fc.constantFrom<Auth>('auditor', 'auditor', 'auditor', 'seat', 'random'),
  });
  const segment = fc.constantFrom(
    'hands',
    'tables',
    'players',
    'audit',
    '..',
    '%00',
    'docs',
    'me',
    'token',
    'x'.repeat(80),
    randomUUID(),
    '%ED%A0%80',
    'actions',
    'internal',
    'bench',
  );
  const pathPlan = fc.record({
    kind: fc.constant('path' as const),
    method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'),
    path: fc.array(segment, { maxLength: 5 }).map((s) => `/${s.join('/')}`),
    auth: authArb,
  });
  return fc.oneof(
    { weight: 5, arbitrary: schemaPlan as fc.Arbitrary<Plan> },
    { weight: 4, arbitrary: legalPlan },
    { weight: 1, arbitrary: rawPlan },
    { weight: 1, arbitrary: recordPlan },
    { weight: 1, arbitrary: pathPlan },
  );
}

// ---------------------------------------------------------------- the run

interface Player {
  id: string;
  token: string;
}
interface Table {
  game: GameName;
  id: string;
  players: Player[];
  handId: string | null;
}

interface Answer {
  status: number;
  type: string;
  text: string;
  json: any;
}

export async function fuzz(opts: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const byStatus: Record<string, number> = {};
  const failures: FuzzReport['failures'] = [];
  let failureCount = 0;
  let requests = 0;
  const accepted = new Map<string, number>();
  const imported = new Set<string>();
  let heavyAuditorCalls = 0;

  /** One request, checked: no 5xx, a problem+json `code` on every 4xx. */
  const send = async (
    method: string,
    path: string,
    init: { body?: string; contentType?: string; token?: string | null; headers?: Record<string, string> } = {},
  ): Promise<Answer> => {
    requests++;
    const headers: Record<string, string> = { ...init.headers };
    if (init.body !== undefined) headers['content-type'] = init.contentType ?? 'application/json';
    if (init.token) headers.authorization = init.token.startsWith('!') ? init.token.slice(1) : `Bearer ${init.token}`;
    const label = `${method} ${path.slice(0, 200)}${init.body ? ` ${init.body.slice(0, 200)}` : ''}`;
    let res: Response;
    try {
      res = await fetch(opts.url + path, {
        method,
        headers,
        body: method === 'GET' || method === 'HEAD' ? undefined : init.body,
        signal: AbortSignal.timeout(15_000),
      });
    } catch (err) {
      const status = (err as Error).name === 'TimeoutError' ? 'timeout' : `network: ${(err as Error).message}`;
      byStatus[status] = (byStatus[status] ?? 0) + 1;
      failureCount++;
      if (failures.length < 20) failures.push({ request: label, status, body: '' });
      return { status: 0, type: '', text: '', json: null };
    }
    const type = res.headers.get('content-type') ?? '';
    // A stream (GET /hands/{id}/stream) runs until its hand ends: its status and type are the answer.
    const streaming = res.ok && type.startsWith('application/x-ndjson');
    const text = streaming ? '' : await res.text();
    if (streaming) await res.body?.cancel();
    let json: any = null;
    try {
      json = type.includes('json') && text ? JSON.parse(text) : null;
    } catch {
      // not JSON: json stays null
    }
    byStatus[res.status] = (byStatus[res.status] ?? 0) + 1;
    // Whichever plan rotated a token (a raw body, a random path), the world keeps the new one.
    if (method === 'POST' && path === '/players/me/token' && res.status === 201 && json?.id) onRotated(json.id, json.token);
    const problemOk =
      res.status < 400 ||
      (method === 'HEAD' ? true : type.startsWith('application/problem+json') && typeof json?.code === 'string' && json.code.length > 0);
    if (res.status >= 500 || !problemOk) {
      failureCount++;
      if (failures.length < 20) failures.push({ request: label, status: res.status, body: text.slice(0, 300) });
    }
    return { status: res.status, type, text, json };
  };

  let onRotated = (_id: string, _token: string): void => undefined;

  // ---- the world: players at one table per game, a player seated nowhere, the document
  const doc = (await send('GET', '/docs-json')).json as Schema;
  if (!doc?.paths) throw new Error('GET /docs-json gave no OpenAPI document');
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries<Schema>(doc.paths)) {
    for (const [method, op] of Object.entries<Schema>(methods)) {
      const schema = op.requestBody?.content?.['application/json']?.schema;
      ops.push({
        method: method.toUpperCase(),
        path,
        query: (op.parameters ?? []).filter((p: Schema) => p.in === 'query').map((p: Schema) => p.name as string),
        body: schema ? arbitraryOf(schema, doc) : null,
      });
    }
  }
  const newPlayer = async (name: string): Promise<Player> => {
    const res = await send('POST', '/players', { body: JSON.stringify({ name }) });
    if (res.status !== 201) throw new Error(`POST /players answered ${res.status}: ${res.text}`);
    return { id: res.json.id, token: res.json.token };
  };
  const openTable = async (game: GameName, players: Player[]): Promise<Table> => {
    const res = await send('POST', '/tables', { body: JSON.stringify({ game, rules: {} }), token: players[0]!.token });
    if (res.status !== 201) throw new Error(`POST /tables answered ${res.status}: ${res.text}`);
    let handId: string | null = null;
    for (const [seat, p] of players.entries()) {
      const s = await send('POST', `/tables/${res.json.id}/seats`, { body: JSON.stringify({ seat }), token: p.token });
      if (s.json?.currentHandId) handId = s.json.currentHandId;
    }
    return { game, id: res.json.id, players, handId };
  };
  const tables: Table[] = [];
  for (const game of Object.keys(GAME_SEATS) as GameName[]) {
    const players: Player[] = [];
    for (let i = 0; i < GAME_SEATS[game]; i++) players.push(await newPlayer(`Fuzz ${game} ${i}`));
    tables.push(await openTable(game, players));
  }
  const foreign = await newPlayer('Fuzz stranger');
  // Token rotations go to a player of their own: the seated players' tokens must keep working.
  const rotor = await newPlayer('Fuzz rotor');
  const allPlayers = () => [foreign, rotor, ...tables.flatMap((t) => t.players)];
  onRotated = (id, token) => {
    for (const p of allPlayers()) if (p.id === id) p.token = token;
  };
  const hands = new Set(tables.map((t) => t.handId!).filter(Boolean));
  const pick = <T>(xs: readonly T[], n: number): T => xs[n % xs.length]!;

  const db = new pg.Client({ connectionString: opts.databaseUrl });
  await db.connect();
  const snapshot = async () =>
    (
      await db.query<{ hand_id: string; seq: number; hash: string; payload: Record<string, unknown>; game: string; by: string | null }>(
        'SELECT e.hand_id, e.seq, e.hash, e.payload, h.game, e.by FROM events e JOIN hands h ON h.id = e.hand_id',
      )
    ).rows;
  const before = new Map((await snapshot()).map((r) => [`${r.hand_id}|${r.seq}`, r.hash]));
  const rssStart = opts.rss();

  const tokenFor = (auth: Auth, seated: Player[]): string | null => {
    switch (auth) {
      case 'seat':
        return pick(seated.length ? seated : allPlayers(), requests).token;
      case 'foreign':
        return foreign.token;
      case 'auditor':
        return opts.auditToken;
      case 'random':
        return randomBytes(32).toString('base64url');
      case 'malformed':
        return pick(['!Bearer', '!Basic dXNlcjpwYXNz', '!Bearer a b c', `!Bearer ${'x'.repeat(5000)}`, '!bearer\ttoken'], requests);
      default:
        return null;
    }
  };
  const idFor = (param: { kind: string; pick: number; junk: string }, path: string): string => {
    const kinds = {
      hands: [...hands, ...imported],
      tables: tables.map((t) => t.id),
      players: allPlayers().map((p) => p.id),
      jobs: [randomUUID()],
    };
    const right = path.startsWith('/hands')
      ? kinds.hands
      : path.startsWith('/tables')
        ? kinds.tables
        : path.startsWith('/players')
          ? kinds.players
          : kinds.jobs;
    switch (param.kind) {
      case 'right':
        return pick(right, param.pick);
      case 'wrongKind':
        return pick(right === kinds.hands ? kinds.tables : kinds.hands, param.pick);
      case 'uuid':
        return randomUUID();
      default:
        return param.junk;
    }
  };
  const encode = (v: string): string => {
    try {
      return encodeURIComponent(v);
    } catch {
      return '%ED%A0%80'; // an unpaired surrogate as the bytes a client would send
    }
  };

  /** The seat to act and its view, or null when the table has no hand in play (a new table then). */
  const currentTurn = async (t: Table): Promise<{ seat: number; view: any } | null> => {
    for (let attempt = 0; attempt < 2; attempt++) {
      if (t.handId) {
        const v = await send('GET', `/hands/${t.handId}`, { token: t.players[0]!.token });
        const seat = v.json?.toAct?.[0];
        if (v.status === 200 && typeof seat === 'number' && v.json.status !== 'void') {
          const mine = seat === 0 ? v : await send('GET', `/hands/${t.handId}`, { token: t.players[seat]!.token });
          if (mine.status === 200 && mine.json?.legalActions?.length) return { seat, view: mine.json };
        }
      }
      const table = await send('GET', `/tables/${t.id}`);
      const next = table.json?.currentHandId ?? null;
      if (next && next !== t.handId) {
        t.handId = next;
        hands.add(next);
        continue;
      }
      // A token rotated by another request in flight can make this fail: the next plan retries.
      const fresh = await openTable(t.game, t.players).catch(() => null);
      if (!fresh) return null;
      Object.assign(t, { id: fresh.id, handId: fresh.handId });
      if (fresh.handId) hands.add(fresh.handId);
    }
    return null;
  };

  const records = new Map<string, any>();
  const runPlan = async (plan: Plan): Promise<void> => {
    switch (plan.kind) {
      case 'schema': {
        const op = ops[plan.op]!;
        let i = 0;
        const path = op.path.replace(/\{[^}]+\}/g, () => idFor(plan.ids[i++ % plan.ids.length]!, op.path));
        const query = op.query
          .map((name, j) => (plan.query[j] == null ? '' : `${name}=${encode(plan.query[j]!)}`))
          .filter(Boolean)
          .join('&');
        const table = tables.find((t) => path.includes(t.id) || (t.handId !== null && path.includes(t.handId)));
        let auth = plan.auth;
        // The collusion audit computes for seconds per job: a few auditor calls, not thousands.
        if (auth === 'auditor' && op.path.includes('audit') && heavyAuditorCalls++ >= 5) auth = 'random';
        const headers: Record<string, string> = {};
        if (plan.headers.idem !== undefined) headers['idempotency-key'] = plan.headers.idem.replace(/[^\x21-\x7e]/g, '');
        if (plan.headers.ifMatch !== undefined) headers['if-match'] = plan.headers.ifMatch.replace(/[^\x20-\x7e]/g, '');
        if (plan.headers.ifNoneMatch !== undefined) headers['if-none-match'] = plan.headers.ifNoneMatch.replace(/[^\x20-\x7e]/g, '');
        if (plan.headers.prefer !== undefined) headers.prefer = plan.headers.prefer;
        let body: string | undefined;
        try {
          body = plan.body === undefined ? (op.method === 'POST' ? '{}' : undefined) : JSON.stringify(plan.body);
        } catch {
          body = '{}';
        }
        const rotating = op.path === '/players/me/token' && (auth === 'seat' || auth === 'foreign');
        const token = rotating ? rotor.token : tokenFor(auth, table?.players ?? []);
        const res = await send(op.method, `${path}${query ? `?${query}` : ''}`, { body, token, headers });
        if (op.path === '/hands/{id}/actions' && res.status === 200)
          accepted.set(path.split('/')[2]!, (accepted.get(path.split('/')[2]!) ?? 0) + 1);
        if (op.path === '/hand-records' && res.status === 201) imported.add(res.json.handId);
        return;
      }
      case 'legal': {
        const t = pick(tables, plan.table);
        const turn = await currentTurn(t);
        if (!turn) return;
        const legal = turn.view.legalActions as Record<string, unknown>[];
        const { seat: _seat, ...action } = pick(legal, plan.pick);
        let expectedSeq: unknown = turn.view.seq;
        let token = t.players[turn.seat]!.token;
        const fields = Object.keys(action).filter((k) => k !== 'type');
        switch (plan.mutation) {
          case 'card': {
            const f = fields.find((k) => k === 'card' || k === 'cards' || k === 'give' || k === 'layout');
            if (f)
              action[f] = Array.isArray(action[f])
                ? (action[f] as unknown[]).map((c, i) => (i === 0 ? mutateCard(c, plan.k) : c))
                : mutateCard(action[f], plan.k);
            break;
          }
          case 'seq':
            expectedSeq = turn.view.seq + pick([-1, 1, 2, 1000, -1000], plan.k);
            break;
          case 'extra':
            action[pick(['note', 'seat', '__proto__', 'constructor', 'x\u0000'], plan.k)] = pick(['hallo', 99, { deep: [1] }], plan.k);
            break;
          case 'wrongType':
            if (fields.length) action[pick(fields, plan.k)] = pick([42, [], {}, true, null, '1'], plan.k);
            else action.type = 7;
            break;
          case 'dropField':
            if (fields.length) delete action[pick(fields, plan.k)];
            else delete action.type;
            break;
          case 'otherSeat':
            token = t.players[(turn.seat + 1 + (plan.k % (t.players.length - 1))) % t.players.length]!.token;
            break;
        }
        const headers: Record<string, string> = {};
        if (plan.idem === 'fixed') headers['idempotency-key'] = `fixed-${turn.view.id}`;
        if (plan.idem === 'fresh') headers['idempotency-key'] = randomUUID();
        // Shaped like the keys and command ids of the service's own moves (a substitute's, a bot's), at this seq or a later one.
        if (plan.idem === 'substitute') {
          const seq = turn.view.seq as number;
          const id = turn.view.id as string;
          headers['idempotency-key'] = pick(
            [`substitute-${seq}`, `substitute-${seq + 4}`, `bot-${seq + 1}`, `substitute:${id}:${seq}`, `bot:${id}:${seq + 1}`],
            plan.k,
          );
        }
        const body: Record<string, unknown> = { action };
        if (plan.viaIfMatch) headers['if-match'] = `"${String(expectedSeq)}"`;
        else body.expectedSeq = expectedSeq;
        const handId = turn.view.id as string; // another worker may move the table on meanwhile
        const res = await send('POST', `/hands/${handId}/actions`, { body: JSON.stringify(body), token, headers });
        if (res.status === 200) accepted.set(handId, (accepted.get(handId) ?? 0) + 1);
        return;
      }
      case 'raw': {
        const op = ops[plan.op]!;
        const path = op.path.replace(/\{[^}]+\}/g, () => idFor({ kind: 'right', pick: requests, junk: '' }, op.path));
        await send('POST', path, {
          body: plan.body,
          contentType: plan.contentType,
          token: tokenFor(
            plan.auth,
            tables.flatMap((t) => t.players),
          ),
        });
        return;
      }
      case 'record': {
        const known = [...hands];
        const handId = pick(known, plan.hand);
        let record = records.get(handId);
        if (!record || plan.k % 7 === 0) {
          const r = await send('GET', `/hands/${handId}/record`, { token: opts.auditToken });
          if (r.status !== 200) return;
          record = r.json;
          records.set(handId, record);
        }
        const rec = structuredClone(record);
        const acts = rec.actions as Record<string, unknown>[];
        const k = plan.k;
        switch (plan.mutation) {
          case 'card':
            if (rec.deck?.length) rec.deck[k % rec.deck.length] = mutateCard(rec.deck[k % rec.deck.length], k);
            break;
          case 'deckDup':
            if (rec.deck?.length > 1) rec.deck[k % rec.deck.length] = rec.deck[(k + 1) % rec.deck.length];
            break;
          case 'swap':
            if (acts.length > 1) [acts[0], acts[k % acts.length]] = [acts[k % acts.length]!, acts[0]!];
            break;
          case 'dropAction':
            if (acts.length) acts.splice(k % acts.length, 1);
            break;
          case 'extraField':
            rec[pick(['extra', '__proto__', 'deck2'], k)] = pick([1, { a: 1 }, '\u0000'], k);
            break;
          case 'actionField':
            if (acts.length) acts[k % acts.length]!.note = 'tampered';
            break;
          case 'dealer':
            rec.dealer = pick([99, -1, 'x', 1.5, null], k);
            break;
          case 'game':
            rec.game = pick(['skat', 'DOBBM', null, 7], k);
            break;
          case 'rules':
            rec.rules = pick([{ players: 9 }, { stake: -1 }, { nonsense: true }, [], 'x'], k);
            break;
          case 'seat':
            if (acts.length) acts[k % acts.length]!.seat = pick([7, -1, '0', null], k);
            break;
          case 'truncateDeck':
            if (rec.deck) rec.deck = rec.deck.slice(0, k % rec.deck.length);
            break;
          case 'hugeActions':
            rec.actions = new Array(900).fill(acts[0] ?? { seat: 0, type: 'bid', bid: 'pass' });
            break;
          case 'seating':
            rec.seating = pick([[randomUUID()], [foreign.id, foreign.id, foreign.id, foreign.id], ['x']], k);
            break;
        }
        delete rec.handId;
        const res = await send('POST', '/hand-records', { body: JSON.stringify(rec), token: tokenFor(plan.auth, []) });
        if (res.status === 201) imported.add(res.json.handId);
        return;
      }
      case 'path':
        await send(plan.method, plan.path, {
          token: tokenFor(plan.auth, []),
          body: plan.method === 'POST' || plan.method === 'PUT' ? '{}' : undefined,
        });
        return;
    }
  };

  // ---- draw and run, `concurrency` at a time, in seeded batches
  const arbitrary = planArbitrary(ops);
  let batch = 0;
  let queue: Plan[] = [];
  const next = (): Plan | null => {
    if (requests >= opts.requests || Date.now() - started > opts.timeLimitMs) return null;
    if (queue.length === 0) queue = fc.sample(arbitrary, { seed: opts.seed + batch++, numRuns: 200 });
    return queue.pop()!;
  };
  let lastProgress = 0;
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      for (let plan = next(); plan; plan = next()) {
        await runPlan(plan);
        if (opts.progress && requests - lastProgress >= 500) {
          lastProgress = requests;
          opts.progress(requests);
        }
      }
    }),
  );
  const rssEnd = opts.rss();

  // ---- the logs: old events untouched, new ones explained and of contract shape
  let eventsChanged = 0;
  let eventsUnexplained = 0;
  let unknownFieldsInLogs = 0;
  const unknownFieldExamples: string[] = [];
  const after = await snapshot();
  const newByHand = new Map<string, number>();
  const seen = new Set<string>();
  for (const r of after) {
    const key = `${r.hand_id}|${r.seq}`;
    seen.add(key);
    if (before.has(key)) {
      if (before.get(key) !== r.hash) eventsChanged++;
      continue;
    }
    if (r.seq === 0) continue; // the deal of a new hand
    // A substitute's move (a seat the fuzz sent away, or whose clock ran out) is the service's own, by design.
    if (r.by !== 'substitute') newByHand.set(r.hand_id, (newByHand.get(r.hand_id) ?? 0) + 1);
    const allowed = CONTRACT_FIELDS[r.game]?.[String(r.payload.type)];
    const unknown = Object.keys(r.payload).filter((k) => k !== 'seat' && k !== 'type' && !(allowed ?? []).includes(k));
    if (!allowed) unknown.push(`type ${JSON.stringify(r.payload.type)}`);
    if (unknown.length) {
      unknownFieldsInLogs += unknown.length;
      if (unknownFieldExamples.length < 5) unknownFieldExamples.push(JSON.stringify(r.payload).slice(0, 200));
    }
  }
  for (const key of before.keys()) if (!seen.has(key)) eventsChanged++;
  for (const [hand, n] of newByHand) {
    if (imported.has(hand) || n <= (accepted.get(hand) ?? 0)) continue;
    eventsUnexplained += n - (accepted.get(hand) ?? 0);
  }
  await db.end();

  let handsVerified = 0;
  let handsFailingVerify = 0;
  for (const hand of [...newByHand.keys()].slice(0, 60)) {
    const v = await send('GET', `/hands/${hand}/verify`, { token: opts.auditToken });
    handsVerified++;
    if (v.json?.ok !== true) handsFailingVerify++;
  }

  return {
    requests,
    seconds: (Date.now() - started) / 1000,
    byStatus,
    failures,
    failureCount,
    acceptedActions: [...accepted.values()].reduce((a, b) => a + b, 0),
    importedRecords: imported.size,
    eventsChanged,
    eventsUnexplained,
    unknownFieldsInLogs,
    unknownFieldExamples,
    handsVerified,
    handsFailingVerify,
    rssStartMiB: Math.round(rssStart / 2 ** 20),
    rssEndMiB: Math.round(rssEnd / 2 ** 20),
  };
}

/** One line for the console and docs/reliability.md. */
export function summary(r: FuzzReport): string {
  const fivexx = Object.entries(r.byStatus)
    .filter(([s]) => /^5/.test(s) || !/^\d+$/.test(s))
    .reduce((a, [, n]) => a + n, 0);
  return (
    `fuzz: ${r.requests} requests in ${r.seconds.toFixed(0)} s; ${fivexx} 5xx or time-outs; ${r.failureCount} failures; ` +
    `${r.acceptedActions} actions accepted, ${r.importedRecords} records imported; events changed ${r.eventsChanged}, unexplained ${r.eventsUnexplained}; ` +
    `unknown fields in logs ${r.unknownFieldsInLogs}; verify ${r.handsVerified - r.handsFailingVerify}/${r.handsVerified} ok; RSS ${r.rssStartMiB} → ${r.rssEndMiB} MiB`
  );
}

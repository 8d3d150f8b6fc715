import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

/**
 * README "Architecture": one store per aggregate, and each module's own questions in its own store.
 * SQL on `events`, `idempotent_responses` and `hand_tables` is written only in the hand store; on
 * `hands` only in the hand store and the stores of the modules that ask their own questions about
 * hands; on `ledger_entries` only in the ledger store and in the table store's seat balances (one
 * statement over a table's seats); on `tables` and `table_seats` (and Prisma's `cardTable`) only in
 * the table store — but for the hand's own read, which takes the seats' offers in the same statement
 * (a hand view says which away seats are offered) — on `seat_presence` only in the presence store.
 */
const src = fileURLToPath(new URL('../src/', import.meta.url));
const HAND_QUESTIONS = [
  'bots/bot-store.ts',
  'collusion/audit-hands.ts',
  'ledgers/ledger-store.ts',
  'records/record-store.ts',
  'reviews/review-store.ts',
  'tables/table-store.ts',
];
const OWNERS: { store: string; writers: string[]; statement: RegExp }[] = [
  {
    store: 'hands/hand-store.ts',
    writers: ['hands/hand-store.ts'],
    statement: /\b(from|into|update|join)\s+"?(events|idempotent_responses|hand_tables)\b/i,
  },
  {
    store: 'hands/hand-store.ts',
    writers: ['hands/hand-store.ts', ...HAND_QUESTIONS],
    statement: /\b(from|into|update|join)\s+"?hands\b/i,
  },
  {
    store: 'ledgers/ledger-store.ts',
    writers: ['ledgers/ledger-store.ts', 'tables/table-store.ts'],
    statement: /\b(from|into|update|join)\s+"?ledger_entries\b/i,
  },
  {
    store: 'tables/table-store.ts',
    // The ratings' lock reads the table's `rated` in the booking's own statement: it goes out
    // beside the table's lock (pipelined), so it cannot wait for the table row.
    writers: ['tables/table-store.ts', 'ratings/rating-store.ts'],
    statement: /\b(from|into|update|join)\s+"?tables\b|\bcardTable\./i,
  },
  {
    store: 'tables/table-store.ts',
    writers: ['tables/table-store.ts', 'hands/hand-store.ts'],
    statement: /\b(from|into|update|join)\s+"?table_seats\b/i,
  },
  { store: 'hands/presence-store.ts', writers: ['hands/presence-store.ts'], statement: /\b(from|into|update|join)\s+"?seat_presence\b/i },
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'engine' || name === 'generated' ? [] : sources(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** The code without its comments, so prose ("… from hands …") does not count. */
const code = (text: string): string => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

describe('one store per aggregate', () => {
  const files = sources(src).map((path) => ({ file: relative(src, path), text: code(readFileSync(path, 'utf8')) }));

  it.each(OWNERS)('only $store (and the stores named with it) has SQL on its rows: $statement', ({ writers, statement }) => {
    const found = files.filter((f) => statement.test(f.text)).map((f) => f.file);
    expect(found.sort()).toEqual([...writers].sort());
  });
});

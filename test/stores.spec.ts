import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

/**
 * README "Architecture": one store per aggregate. SQL on `hands`, `events` and
 * `idempotent_responses` is written only in the hand store, SQL on `tables` and `table_seats`
 * (and Prisma's `cardTable`) only in the table store, SQL on `seat_presence` only in the presence store.
 */
const src = fileURLToPath(new URL('../src/', import.meta.url));
const OWNERS: { store: string; statement: RegExp }[] = [
  { store: 'hands/hand-store.ts', statement: /\b(from|into|update|join)\s+"?(hands|events|idempotent_responses|hand_tables)\b/i },
  { store: 'tables/table-store.ts', statement: /\b(from|into|update|join)\s+"?(tables|table_seats)\b|\bcardTable\./i },
  { store: 'hands/presence-store.ts', statement: /\b(from|into|update|join)\s+"?seat_presence\b/i },
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

  it.each(OWNERS)('only $store has SQL on its rows', ({ store, statement }) => {
    const writers = files.filter((f) => statement.test(f.text)).map((f) => f.file);
    expect(writers).toEqual([store]);
  });
});

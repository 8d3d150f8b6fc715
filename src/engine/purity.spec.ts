import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** docs/design.md#layers: nothing in src/engine does I/O, reads the clock or draws unseeded randomness. */
const root = fileURLToPath(new URL('.', import.meta.url));
const FORBIDDEN: [RegExp, string][] = [
  [/from '@nestjs\//, 'NestJS'],
  [/from '@prisma\//, 'Prisma'],
  [/from '(node:)?(fs|fs\/promises|net|http|https|child_process|worker_threads)'/, 'I/O modules'],
  [/\bDate\.now\(|\bnew Date\(|performance\.now\(|process\.hrtime/, 'the clock'],
  [/\bMath\.random\(/, 'Math.random'],
  [/\bprocess\.env\b/, 'the environment'],
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') && !name.endsWith('.spec.ts') ? [path] : [];
  });
}

describe('the engine is a pure library', () => {
  const files = sources(root);

  it('finds the engine sources', () => {
    expect(files.length).toBeGreaterThan(30);
  });

  it.each(FORBIDDEN)('no source file uses %s (%s)', (pattern) => {
    const offenders = files.filter((f) => pattern.test(readFileSync(f, 'utf8'))).map((f) => relative(root, f));
    expect(offenders).toEqual([]);
  });
});

import { describe, expect, it } from '@jest/globals';
import { codeVersion, type Reader } from '../bench/code-version.js';

/** The version bench:bots writes on every result line (docs/benchmarks.md#bot-results). */
describe('bench/code-version.ts', () => {
  const files: Record<string, string> = {
    'bench/x.bench.ts': "import { a } from './lib.js';\nimport type { T } from '../src/t.js';",
    'bench/lib.ts': "export { b } from '../src/b.js';",
    'src/b.ts': 'export const b = 1;',
    'src/t.ts': 'export type T = 1;',
    'src/unused.ts': 'export const u = 1;',
  };
  const reader =
    (over: Record<string, string> = {}): Reader =>
    (f) =>
      ({ ...files, ...over })[f];

  it('hashes every file the entry imports at any depth, and only those', () => {
    expect(codeVersion('bench/x.bench.ts', reader()).files).toEqual(['bench/lib.ts', 'bench/x.bench.ts', 'src/b.ts', 'src/t.ts']);
  });

  it('changes with any of them, not with another file', () => {
    const v = codeVersion('bench/x.bench.ts', reader()).version;
    expect(codeVersion('bench/x.bench.ts', reader({ 'src/b.ts': 'export const b = 2;' })).version).not.toBe(v);
    expect(codeVersion('bench/x.bench.ts', reader({ 'src/unused.ts': 'export const u = 2;' })).version).toBe(v);
  });

  it('covers the bots, the engine and the benchmark itself for bench:bots', () => {
    const { files: played } = codeVersion('bench/bots.bench.ts');
    expect(played).toEqual(
      expect.arrayContaining(['bench/bots.bench.ts', 'bench/bot-variants.ts', 'src/solvers/search/strategy.ts', 'src/engine/index.ts']),
    );
    expect(played.some((f) => f.startsWith('src/generated/'))).toBe(false);
  });
});

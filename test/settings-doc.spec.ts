import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { settingsMarkdown } from '../scripts/lib/settings-markdown.js';
import { ENV_VARIABLES } from '../src/config/env.js';

describe('docs/settings.md', () => {
  const doc = readFileSync(new URL('../docs/settings.md', import.meta.url), 'utf8');

  it('is the output of npm run settings (one source with src/config/env.ts)', () => {
    expect(doc.slice(doc.indexOf('| variable |'))).toEqual(`${settingsMarkdown()}\n`);
  });

  it('covers every variable: src/config/env.ts reads the environment only through its entries', () => {
    const source = readFileSync(new URL('../src/config/env.ts', import.meta.url), 'utf8');
    expect([...source.matchAll(/\benv\[[^\]]*\]|process\.env|\benv\.[A-Za-z_]/g)].map((m) => m[0])).toEqual(['env[variable.name]']);
    const names = ENV_VARIABLES.map((v) => v.name);
    expect(new Set(names).size).toBe(names.length);
    expect(ENV_VARIABLES.every((v) => v.meaning && v.default && v.values)).toBe(true);
  });
});

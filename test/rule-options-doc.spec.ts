import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { ruleOptionsMarkdown } from '../scripts/lib/rule-options-markdown.js';
import { gameCatalog } from '../src/games/catalog.js';

describe('docs/rule-options.md', () => {
  it('is the output of npm run rule-options (one source with GET /games)', () => {
    const doc = readFileSync(new URL('../docs/rule-options.md', import.meta.url), 'utf8');
    const generated = ruleOptionsMarkdown();
    expect(doc.slice(doc.indexOf('### dobbm\n'))).toEqual(`${generated}\n`);
  });
});

describe('docs/rules/<game>.md', () => {
  it.each(gameCatalog().map((g) => [g.id, g] as const))(
    "%s: the Options section lists every option with the engine's default",
    (id, game) => {
      const doc = readFileSync(new URL(`../docs/rules/${id}.md`, import.meta.url), 'utf8');
      const section = doc.slice(doc.indexOf('<a id="options"></a>'), doc.indexOf('<a id="decisions"></a>'));
      const listed = [...section.matchAll(/^\| `([^`]+)` \| ([^|]+) \|/gm)].map((m) => [m[1], m[2]!.trim()]);
      const wanted = game.options.map((o) => [o.name, o.default === null ? 'unlimited (`null`)' : `\`${JSON.stringify(o.default)}\``]);
      expect(listed).toEqual(wanted);
    },
  );
});

import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { ruleOptionsMarkdown } from '../scripts/lib/rule-options-markdown.js';

describe('README "Rule options"', () => {
  it('is the output of npm run rule-options (one source with GET /games)', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const start = readme.indexOf('### dobbm\n', readme.indexOf('## Rule options'));
    const generated = ruleOptionsMarkdown();
    expect(readme.slice(start, start + generated.length)).toEqual(generated);
  });
});

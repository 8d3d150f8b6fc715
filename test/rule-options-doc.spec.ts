import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { ruleOptionsMarkdown } from '../scripts/lib/rule-options-markdown.js';

describe('docs/rule-options.md', () => {
  it('is the output of npm run rule-options (one source with GET /games)', () => {
    const doc = readFileSync(new URL('../docs/rule-options.md', import.meta.url), 'utf8');
    const generated = ruleOptionsMarkdown();
    expect(doc.slice(doc.indexOf('### dobbm\n'))).toEqual(`${generated}\n`);
  });
});

/** `npm run rule-options`: the tables of docs/rule-options.md (see scripts/lib/rule-options-markdown.ts). */
import { ruleOptionsMarkdown } from './lib/rule-options-markdown.js';

console.log(ruleOptionsMarkdown());

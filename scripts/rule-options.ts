/** `npm run rule-options`: the README's "Rule options" tables (see scripts/lib/rule-options-markdown.ts). */
import { ruleOptionsMarkdown } from './lib/rule-options-markdown.js';

console.log(ruleOptionsMarkdown());

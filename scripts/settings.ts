/** `npm run settings`: the table of docs/settings.md (see scripts/lib/settings-markdown.ts). */
import { settingsMarkdown } from './lib/settings-markdown.js';

console.log(settingsMarkdown());

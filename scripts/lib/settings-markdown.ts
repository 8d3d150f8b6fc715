import { ENV_VARIABLES } from '../../src/config/env.js';

/**
 * Every environment variable the service reads as one markdown table, from the entries of
 * src/config/env.ts (where each is parsed): docs/settings.md, printed by `npm run settings` and
 * checked by test/settings-doc.spec.ts.
 */
export function settingsMarkdown(): string {
  return [
    '| variable | meaning | default | values |',
    '|---|---|---|---|',
    ...ENV_VARIABLES.map((v) => `| \`${v.name}\` | ${cell(v.meaning)} | ${cell(v.default)} | ${cell(v.values)} |`),
  ].join('\n');
}

const cell = (text: string): string => text.replaceAll('|', '\\|');

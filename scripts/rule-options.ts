/**
 * `npm run rule-options`: the rule options of every game as markdown tables, straight from the
 * engines' option schemas (the README's "Rule options" section is this output).
 */
import { games, type OptionSpec } from '../src/engine/index.js';

const show = (v: unknown): string => (v === null ? 'unlimited (`null`)' : `\`${JSON.stringify(v)}\``);

function values(spec: OptionSpec): string {
  switch (spec.kind) {
    case 'enum': return spec.values.map((v) => show(v)).join(', ');
    case 'bool': return '`true`, `false`';
    case 'int': return `integer ≥ ${spec.min}${spec.max !== undefined ? ` and ≤ ${spec.max}` : ''}${spec.allowNull ? ', or `null`' : ''}`;
  }
}

for (const game of Object.values(games)) {
  console.log(`\n### ${game.id}\n\n| option | default | values |\n|---|---|---|`);
  for (const [name, spec] of Object.entries(game.optionSchema)) {
    console.log(`| \`${name}\` | ${show(spec.default)} | ${values(spec)} |`);
  }
}

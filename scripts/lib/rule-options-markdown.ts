import { gameCatalog, type OptionInfo } from '../../src/games/catalog.js';
import { optionNotes } from '../../src/games/option-notes.js';

/**
 * The rule options of every game as markdown tables, from the catalogue GET /games serves
 * (the engines' option schemas with src/games/option-notes.ts): docs/rule-options.md,
 * printed by `npm run rule-options` and checked by test/rule-options-doc.spec.ts. Each meaning links
 * to the section of the game's rules page that explains the option.
 */
export function ruleOptionsMarkdown(): string {
  return gameCatalog()
    .map((game) =>
      [
        `### ${game.id}`,
        '',
        '| option | default | values | meaning |',
        '|---|---|---|---|',
        ...game.options.map(
          (o) =>
            `| \`${o.name}\` | ${show(o.default)} | ${values(o)} | ${o.description}${only(o)} [Rules](rules/${game.id}.md#${optionNotes[game.id][o.name].rules}). |`,
        ),
      ].join('\n'),
    )
    .join('\n\n');
}

const show = (v: unknown): string => (v === null ? 'unlimited (`null`)' : `\`${JSON.stringify(v)}\``);

function values(o: OptionInfo): string {
  switch (o.type) {
    case 'enum':
      return o.values!.map((v) => show(v)).join(', ');
    case 'boolean':
      return '`true`, `false`';
    case 'integer':
      return `integer ≥ ${o.minimum}${o.maximum !== undefined ? ` and ≤ ${o.maximum}` : ''}${o.nullable ? ', or `null`' : ''}`;
  }
}

const only = (o: OptionInfo): string =>
  o.dependsOn ? ` Only with \`${o.dependsOn.option}\` = \`${JSON.stringify(o.dependsOn.value)}\`.` : '';

import { games, type GameId, type OptionSpec } from '../engine/index.js';
import { TURN_CLOCKS, TURN_CLOCK_NAMES, type TurnClock } from '../config/turn-clocks.js';
import { optionNotes } from './option-notes.js';

/** One rule option as `GET /games` describes it (and docs/rule-options.md shows it). */
export interface OptionInfo {
  /** Dotted name without the game prefix, as `rules` in POST /tables takes it. */
  name: string;
  type: 'enum' | 'integer' | 'boolean';
  default: string | number | boolean | null;
  /** enum: the admitted values. */
  values?: (string | number | boolean)[];
  /** integer: the range. */
  minimum?: number;
  maximum?: number;
  /** `null` is admitted (an integer option's "unlimited" / "open-ended"). */
  nullable: boolean;
  dependsOn?: { option: string; value: string | number | boolean };
  /** A house setting the service suggests where the rules' default is open-ended. */
  recommended?: string | number | boolean;
  description: string;
}

export interface GameInfo {
  id: GameId;
  name: string;
  options: OptionInfo[];
  /** The table's turn clock presets (POST /tables `clock`): seconds per decision, null for none. */
  turnClocks: { name: TurnClock; seconds: number | null }[];
}

const NAMES: Record<GameId, string> = { dobbm: 'Dobbm', droggn: 'Droggn', doppelkopf: 'Doppelkopf' };

/** The engines' option schemas with their notes: the one source of GET /games and `npm run rule-options`. */
export function gameCatalog(): GameInfo[] {
  return Object.values(games).map((game) => ({
    id: game.id,
    name: NAMES[game.id],
    options: Object.entries(game.optionSchema).map(([name, spec]) => describe(game.id, name, spec)),
    turnClocks: TURN_CLOCK_NAMES.map((name) => ({ name, seconds: TURN_CLOCKS[name] })),
  }));
}

function describe(game: GameId, name: string, spec: OptionSpec): OptionInfo {
  const note = optionNotes[game][name];
  if (!note) throw new Error(`${game}: rule option ${name} has no note in src/games/option-notes.ts`);
  const common = {
    name,
    default: spec.default as OptionInfo['default'],
    description: note.description,
    ...(note.dependsOn ? { dependsOn: note.dependsOn } : {}),
    ...(note.recommended !== undefined ? { recommended: note.recommended } : {}),
  };
  switch (spec.kind) {
    case 'enum':
      return { ...common, type: 'enum', values: [...spec.values], nullable: false };
    case 'bool':
      return { ...common, type: 'boolean', nullable: false };
    case 'int':
      return {
        ...common,
        type: 'integer',
        minimum: spec.min,
        ...(spec.max !== undefined ? { maximum: spec.max } : {}),
        nullable: spec.allowNull === true,
      };
  }
}

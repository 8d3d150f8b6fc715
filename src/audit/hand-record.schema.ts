import { GAME_IDS } from '../engine/index.js';

/**
 * JSON Schema of a hand record (docs/contract.md#hand-records), published in the OpenAPI document
 * as `components.schemas.HandRecord`. Card codes and action shapes are the engine's to check.
 */
export const handRecordSchema = {
  type: 'object',
  title: 'HandRecord',
  description: 'One hand, fully described: rules, dealer, the cards (deck, or hands + talon) and the ordered actions.',
  required: ['game', 'dealer', 'actions'],
  properties: {
    game: { type: 'string', enum: [...GAME_IDS] },
    rules: {
      type: 'object',
      additionalProperties: true,
      description: 'rule options, nested or flat dotted; omitted ones take their defaults',
      example: { players: 4, stake: 12 },
    },
    dealer: { type: 'integer', minimum: 0 },
    deck: {
      type: 'array',
      items: { type: 'string' },
      description: "all cards, index 0 = top, dealt by the game's deal pattern (docs/rules/<game>.md#deal)",
    },
    hands: {
      type: 'array',
      items: { type: 'array', items: { type: 'string' }, nullable: true },
      description: 'instead of deck: one list per seat, null for a sitting-out dealer',
    },
    talon: { type: 'array', items: { type: 'string' }, description: 'with hands: the talon (Dobb)' },
    context: {
      type: 'object',
      additionalProperties: true,
      description: 'the session context of the deal (e.g. `{"mussrunde": true}`), as exported; at most 2,000 characters of JSON',
    },
    actions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['seat', 'type'],
        properties: { seat: { type: 'integer', minimum: 0 }, type: { type: 'string' } },
        additionalProperties: true,
      },
    },
    seed: { type: 'string', description: "export only: the deal's seed (hex), revealed once the hand is over" },
    handId: { type: 'string', description: 'export only' },
    substitutes: {
      type: 'array',
      items: { type: 'integer', minimum: 0 },
      description:
        "export only: the indexes into `actions` of the actions a seat's substitute played for its player (its turn clock ran out, or it was away)",
    },
    tableId: { type: 'string', nullable: true, description: 'export only' },
    seating: {
      type: 'array',
      items: { type: 'string', format: 'uuid', nullable: true },
      description:
        "optional: the player id of every seat (one entry per seat, the sitting-out dealer included; null for a seat whose player is not known), each an existing player and none twice. Exported as given (null entries when the record was imported without it), so that imported hands count for the collusion audit's pairs.",
      example: [
        '4f6f8a4e-3c1b-4b7e-9a57-0d4f2b8c9e11',
        null,
        '9b2d7c1a-5e3f-4a8b-b6c4-2f1e0d9a8b7c',
        '1c3e5a7b-9d2f-4b6a-8c0e-3a5b7d9f1e2c',
      ],
    },
    result: {
      type: 'object',
      nullable: true,
      additionalProperties: true,
      description: "export only: the hand's result (docs/contract.md#result)",
    },
  },
  oneOf: [{ required: ['deck'] }, { required: ['hands', 'talon'] }],
  example: {
    game: 'dobbm',
    rules: { players: 4, stake: 12 },
    dealer: 0,
    deck: ['HS', 'L7', '…'],
    actions: [{ seat: 1, type: 'bid', bid: 'dobbm' }],
  },
} as const;

// The record's TypeScript type is the engine's `HandRecord` (engine/core/record.ts).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCards = (v: unknown): v is string[] => Array.isArray(v) && v.every((c) => typeof c === 'string');

/** The shape check of the schema above; what it returns is the first thing to fix. */
/** A deal's context is a few flags (a Mußrunde, a compulsory solo); it goes into the hashed opening event. */
const MAX_CONTEXT_CHARS = 2_000;

export function recordShapeProblem(body: unknown): string | null {
  if (!isObject(body)) return 'the body must be a hand record object';
  if (!(GAME_IDS as readonly unknown[]).includes(body.game)) return `game must be one of ${GAME_IDS.map((g) => `"${g}"`).join(', ')}`;
  if (body.rules !== undefined && !isObject(body.rules)) return 'rules must be an object';
  if (!Number.isInteger(body.dealer) || (body.dealer as number) < 0) return 'dealer must be a seat number';
  if (body.context !== undefined && body.context !== null && !isObject(body.context)) return 'context must be an object';
  if (isObject(body.context) && JSON.stringify(body.context).length > MAX_CONTEXT_CHARS)
    return `context must be at most ${MAX_CONTEXT_CHARS} characters of JSON: it says how the session stood at the deal, nothing more`;
  const hasDeck = body.deck !== undefined;
  const hasHands = body.hands !== undefined || body.talon !== undefined;
  if (hasDeck === hasHands) return 'give either deck, or hands and talon';
  if (hasDeck && !isCards(body.deck)) return 'deck must be a list of card codes';
  if (hasHands) {
    if (!Array.isArray(body.hands) || !body.hands.every((h) => h === null || isCards(h)))
      return 'hands must be a list of card lists (null for a sitting-out dealer)';
    if (!isCards(body.talon)) return 'talon must be a list of card codes';
  }
  if (!Array.isArray(body.actions) || !body.actions.every(isObject)) return 'actions must be a list of action objects';
  if (body.seating !== undefined) {
    // A malformed id would otherwise reach the uuid cast of the player lookup (a 500).
    if (!Array.isArray(body.seating) || !body.seating.every((p) => p === null || (typeof p === 'string' && UUID.test(p)))) {
      return 'seating must be a list with a player id (uuid) or null per seat';
    }
    const ids = body.seating.filter((p): p is string => p !== null).map((p) => p.toLowerCase());
    const twice = ids.find((p, i) => ids.indexOf(p) !== i);
    if (twice) return `seating lists player ${twice} in more than one seat`;
  }
  return null;
}

import type { Schema } from 'ajv';
import { requestBody } from '../common/request-body.js';
import { GAME_IDS, type HandRecord } from '../engine/index.js';

/**
 * JSON Schema of a hand record (docs/contract.md#hand-records), published in the OpenAPI document
 * as `components.schemas.HandRecord`. Card codes and action shapes are the engine's to check.
 */
const handRecordSchema = {
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

/**
 * The body of POST /hand-records: its shape is the schema's to check; what depends on the game or
 * on other fields (the dealer's seat, one seating entry per seat, each player once, the context's
 * size) is the import's (hand-records.service.ts).
 */
export const HAND_RECORD = requestBody<HandRecord>('HandRecord', handRecordSchema as unknown as Schema);

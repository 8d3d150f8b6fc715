import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { JSONSchemaType } from 'ajv';
import { requestBody } from '../common/request-body.js';

/** The body of POST /hands/{id}/actions (and, with more fields, of an action on a socket). */
export interface ActionRequest {
  expectedSeq?: number | null;
  action: Record<string, unknown>;
}

/**
 * The one description of the action body: published as the component `ActionRequestDto`, the
 * POST's check, and the base of the sockets' frame schema (hand-socket.ts). `null` as
 * expectedSeq is accepted and meets STALE_SEQ.
 */
export const ACTION_REQUEST_SCHEMA: JSONSchemaType<ActionRequest> = {
  type: 'object',
  additionalProperties: false,
  required: ['action'],
  properties: {
    expectedSeq: {
      type: 'integer',
      minimum: 0,
      nullable: true,
      example: 3,
      description: 'the `seq` of the view the action was chosen from (the latest event\'s seq); may come as `If-Match: "3"` instead',
    },
    action: {
      type: 'object',
      required: [],
      additionalProperties: true,
      description: 'one action shape of docs/contract.md#actions, without `seat` (the token says the seat)',
      example: { type: 'bid', bid: 'dobbm' },
    },
  },
};

export const ACTION_REQUEST = requestBody<ActionRequest>('ActionRequestDto', ACTION_REQUEST_SCHEMA);

/** A hand view: `HandViewDto` and its game's own fields, one of three by `game` (openApiDocument, view-schemas.ts). */
export const HAND_VIEW = { $ref: '#/components/schemas/HandView' };

/** The fields every view has; each game's view adds its own (`HandView`). */
export class HandViewDto {
  @ApiProperty({ example: '5d0c…' }) id!: string;
  @ApiProperty({ type: 'string', example: '1f2e…', nullable: true }) tableId!: string | null;
  @ApiProperty({ type: 'integer', example: 3, nullable: true, description: "the hand's number at its table" }) number!: number | null;
  @ApiProperty({ enum: ['active', 'over', 'void'], description: 'void: dropped unplayed when the session ended' }) status!:
    'active' | 'over' | 'void';
  @ApiProperty({ example: 2 }) dealer!: number;
  @ApiPropertyOptional({ example: 1, description: "a seat's view: its seat" }) seat?: number;
  @ApiProperty({ example: 4, description: 'seq of the latest event (0 = the deal); send it back as expectedSeq' }) seq!: number;
  @ApiProperty({ example: 'bidding' }) phase!: string;
  @ApiProperty({ example: [1], type: [Number] }) toAct!: number[];
  @ApiProperty({ type: 'integer', nullable: true, example: 40, description: 'the turn clock: seconds per decision; null: no clock' })
  turnSeconds!: number | null;
  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    example: '2026-11-27T21:00:40.000Z',
    description:
      "when the seat(s) to act run out of time and the substitute decides (the same absolute time for every viewer; an away seat's comes at a bot's pace); null: no clock, or the hand is over",
  })
  deadline!: string | null;
  @ApiProperty({
    example: [3],
    type: [Number],
    description: 'seats whose substitute plays for them until their player is back (POST /hands/{id}/back) or acts',
  })
  away!: number[];
  @ApiProperty({
    example: [3],
    type: [Number],
    description:
      "away seats the table's host offers to a newcomer (POST /tables/{id}/seats/{seat}/offer), who plays the seat from the next hand; the player's return or action withdraws the offer. Empty once the hand is over. A change is sent to the hand's and the table's sockets and streams as the view again, at the same seq",
  })
  offered!: number[];
  @ApiProperty({
    type: 'string',
    format: 'date-time',
    nullable: true,
    example: '2026-11-27T21:00:05.000Z',
    description:
      'a hand dealt after another waits, before its first move, while the people read that hand\'s result: until this time (RESULT_PAUSE_MS after the deal), or until every person seated has said "next" (POST /tables/{id}/ready), when it becomes null; its first turn clock starts then. null once the hand has begun, or when it never waited',
  })
  heldUntil!: string | null;
  @ApiProperty({
    example: [0],
    type: [Number],
    description:
      'while the hand waits (`heldUntil`): the seats whose person has said "next"; a change is sent as the view again, at the same seq',
  })
  ready!: number[];
  @ApiProperty({
    example: [0, 1],
    type: [Number],
    description:
      "seats whose player is connected: a socket or stream open, or a request about the hand in the last PRESENCE_SECONDS (30), on any instance; bots' seats are not listed. A change is sent to the hand's sockets and streams as the view again, at the same seq",
  })
  present!: number[];
  @ApiPropertyOptional({ example: ['HS', 'H10', 'L7'], type: [String], description: "the seat's own cards" }) hand?: string[];
  @ApiPropertyOptional({
    example: [
      { type: 'bid', bid: 'pass' },
      { type: 'bid', bid: 'dobbm' },
    ],
    type: 'array',
    items: { type: 'object', additionalProperties: true },
  })
  legalActions?: Record<string, unknown>[];
  @ApiPropertyOptional({
    description: "the hand's result (docs/contract.md#result) once it is over, else null",
    type: 'object',
    nullable: true,
    additionalProperties: true,
  })
  result?: Record<string, unknown> | null;
  @ApiPropertyOptional({
    description:
      'once the hand is over or dropped (and on the answer to the action that ended it): the hand the table dealt next; absent when the session ended',
  })
  nextHandId?: string;
}

export class HandEventDto {
  @ApiProperty({ example: 1 }) seq!: number;
  @ApiProperty({ example: 'bid' }) type!: string;
  @ApiProperty({ type: 'integer', example: 1, nullable: true }) seat!: number | null;
  @ApiProperty({ example: { seat: 1, type: 'bid', bid: 'dobbm' }, type: 'object', additionalProperties: true }) payload!: Record<
    string,
    unknown
  >;
  @ApiProperty({ example: '2026-11-22T14:00:00.000Z' }) createdAt!: string;
  @ApiPropertyOptional({
    enum: ['substitute'],
    description:
      "substitute: the seat's substitute played it for the seat's player (the clock ran out, or the seat was away); absent: the player did",
  })
  by?: 'substitute';
  @ApiPropertyOptional({ description: 'auditor only' }) hash?: string;
  @ApiPropertyOptional({ description: 'auditor only' }) prevHash?: string;
}

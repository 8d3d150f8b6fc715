import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { PageQueryDto } from '../common/page.js';
import { requestBody } from '../common/request-body.js';
import { GAME_IDS, type GameId } from '../engine/index.js';
import { BOT_STRENGTHS, type BotStrength } from '../solvers/search/strategy.js';
import { TURN_CLOCK_NAMES, TURN_SECONDS, type TurnClock } from '../config/turn-clocks.js';

/** waiting: seats free, no hand dealt yet; playing: a session is under way; ended. */
const TABLE_STATUSES = ['waiting', 'playing', 'ended'] as const;

export interface CreateTableBody {
  game: GameId;
  rules?: Record<string, unknown> | null;
  clock?: TurnClock | null;
  turnSeconds?: number | null;
  rated?: boolean | null;
}

/** The body of POST /tables. The rules go to the engine as sent, for it to judge every name. */
export const CREATE_TABLE = requestBody<CreateTableBody>('CreateTableDto', {
  type: 'object',
  additionalProperties: false,
  required: ['game'],
  properties: {
    game: { type: 'string', enum: [...GAME_IDS], example: 'dobbm' },
    rules: {
      type: 'object',
      nullable: true,
      required: [],
      additionalProperties: true,
      description: "the game's rule options (GET /games) without the game prefix, nested or flat dotted; omitted ones take their defaults",
      example: { players: 5, stake: 12, rounding: 'ceil', doubling: { firstSpeaker: 'dealerLeft' } },
    },
    clock: {
      type: 'string',
      enum: [...TURN_CLOCK_NAMES],
      nullable: true,
      description:
        "the turn clock (GET /games `turnClock`): relaxed 120 s, normal 40 s, off; when it runs out, the seat's substitute (the strong bot) decides for the player. Omitted: the service's default (normal)",
      example: 'normal',
    },
    turnSeconds: {
      type: 'integer',
      nullable: true,
      minimum: TURN_SECONDS.min,
      maximum: TURN_SECONDS.max,
      description: 'seconds per decision, instead of a clock preset',
    },
    rated: {
      type: 'boolean',
      nullable: true,
      description: "whether the table's finished hands change the seated players' ratings (docs/ratings.md). Omitted: true",
      example: true,
    },
  },
});

export interface TakeSeatBody {
  seat?: number | null;
}

/** The body of POST /tables/{id}/seats; none at all takes the next free seat. */
export const TAKE_SEAT = requestBody<TakeSeatBody>('TakeSeatDto', {
  type: 'object',
  additionalProperties: false,
  properties: { seat: { type: 'integer', minimum: 0, nullable: true, example: 2, description: 'omit for the next free seat' } },
});

class SeatDto {
  @ApiProperty({ example: 0 }) seat!: number;
  @ApiProperty({ type: 'string', example: '0b6f…', nullable: true }) playerId!: string | null;
  @ApiProperty({ type: 'string', example: 'Resi', nullable: true }) name!: string | null;
  @ApiProperty({
    type: 'string',
    enum: BOT_STRENGTHS,
    nullable: true,
    description: "the bot's strength when a bot holds the seat; null for a person or an empty seat",
  })
  bot!: BotStrength | null;
  @ApiProperty({
    example: true,
    description:
      "a person's seat: whether its player is connected (a socket or stream open, or a request in the last PRESENCE_SECONDS, on any instance); a bot's or an empty seat: false",
  })
  present!: boolean;
  @ApiProperty({
    example: false,
    description:
      'the host offers this seat, whose player is away, to whoever takes it (POST /tables/{id}/seats with the seat); the taker plays from the next hand',
  })
  offered!: boolean;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    example: null,
    description: 'the first hand its holder plays, when the seat was handed on during the session; null: held from the start',
  })
  fromHand!: number | null;
  @ApiProperty({
    type: 'string',
    nullable: true,
    example: null,
    description: 'when the seat was handed on: who held it before, the player of the hands before `fromHand`',
  })
  previousPlayerId!: string | null;
}

export class StandingDto {
  @ApiProperty({ example: 1, description: '1 for the highest total; equal totals share a rank' }) rank!: number;
  @ApiProperty({ example: 0 }) seat!: number;
  @ApiProperty() playerId!: string;
  @ApiProperty({ example: 'Resi' }) name!: string;
  @ApiProperty({
    example: 24,
    description: "the sum of the player's scores over the table's hands, in the ledger's unit (GET /tables/{id}/ledger)",
  })
  total!: number;
}

export class TableDto {
  @ApiProperty() id!: string;
  @ApiProperty({ example: 'dobbm' }) game!: string;
  @ApiProperty({
    description: 'the complete rule profile, nested',
    example: { players: 4, stake: 12, rounding: 'ceil', doubling: { firstSpeaker: 'declarerLeft', maxDoublings: null } },
    type: 'object',
    additionalProperties: true,
  })
  rules!: Record<string, unknown>;
  @ApiProperty({ example: 4, description: 'seats at the table (a sitting-out dealer included)' }) seatCount!: number;
  @ApiProperty({ type: [SeatDto] }) seats!: SeatDto[];
  @ApiProperty({ example: 1, description: 'seats nobody holds yet' }) freeSeats!: number;
  @ApiProperty({ type: 'integer', example: 2, nullable: true }) dealer!: number | null;
  @ApiProperty({ type: 'string', nullable: true }) currentHandId!: string | null;
  @ApiProperty({ enum: TABLE_STATUSES, description: 'waiting: seats free, nothing dealt yet; playing: a session is under way; ended' })
  status!: string;
  @ApiProperty({ description: 'the player who created the table: its host, who may end the session' }) hostPlayerId!: string;
  @ApiProperty({ example: 3 }) handCount!: number;
  @ApiProperty({ example: '2026-11-24T02:00:00.000Z' }) createdAt!: string;
  @ApiProperty({
    enum: ['abandoned', 'away'],
    nullable: true,
    description:
      'why an ended table ended when its session did not end it: abandoned — it waited half an hour with no person seated; away — its people were all away and none acted for half an hour (the hand under way was dropped)',
  })
  endReason!: 'abandoned' | 'away' | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    example: 40,
    description: "the turn clock: seconds per decision before the seat's substitute decides; null: no clock",
  })
  turnSeconds!: number | null;
  @ApiProperty({ example: true, description: "whether the table's finished hands change the seated players' ratings" })
  rated!: boolean;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    example: 5,
    description:
      "once the session's end is asked for (POST /tables/{id}/session-end): the hands still to play, the one under way included — Dobbm's Mußrunde, Droggn's closing hands; a thrown-in hand adds one. null before, once the table has ended, and in lists (GET /tables/{id} only)",
  })
  handsLeft!: number | null;
  @ApiProperty({
    type: () => [StandingDto],
    nullable: true,
    description:
      "once the table has ended: every player's total over its hands as the ledger booked them, highest first (GET /tables/{id} only; null in lists)",
  })
  standings!: StandingDto[] | null;
  @ApiProperty({
    type: 'string',
    nullable: true,
    description:
      'once a player seated here asked for a rematch (POST /tables/{id}/rematch): the new table, where the others take their seats',
  })
  rematchTableId!: string | null;
}

export class ListTablesQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: GAME_IDS })
  @IsOptional()
  @IsIn(GAME_IDS)
  game?: (typeof GAME_IDS)[number];

  @ApiPropertyOptional({ enum: TABLE_STATUSES, description: 'omit for the open and running tables (waiting and playing)' })
  @IsOptional()
  @IsIn(TABLE_STATUSES)
  status?: (typeof TABLE_STATUSES)[number];
}

export class TablePageDto {
  @ApiProperty({ type: [TableDto], description: 'newest first' }) items!: TableDto[];
  @ApiProperty({ type: 'string', nullable: true, description: 'pass as `cursor` for the next page; null on the last page' }) nextCursor!:
    string | null;
}

export interface SeatBotBody {
  seat?: number | null;
  strength?: BotStrength | null;
}

/** The body of POST /tables/{id}/bots; none at all seats a heuristic bot in the next free seat. */
export const SEAT_BOT = requestBody<SeatBotBody>('SeatBotDto', {
  type: 'object',
  additionalProperties: false,
  properties: {
    seat: { type: 'integer', minimum: 0, nullable: true, example: 3, description: 'omit for the next free seat' },
    strength: {
      type: 'string',
      enum: [...BOT_STRENGTHS],
      nullable: true,
      default: 'heuristic',
      description:
        'heuristic: the beginner, bids, doubles and plays from hand strength; random: any legal action; strong: plays out many possible deals consistent with what its seat has seen and takes the best move (docs/bots.md)',
    },
  },
});

export class BotSeatedDto {
  @ApiProperty({ example: 3 }) seat!: number;
  @ApiProperty({ description: "the bot's own player identity" }) playerId!: string;
  @ApiProperty({ example: 'Bot 3 (heuristic)' }) name!: string;
  @ApiProperty({ enum: BOT_STRENGTHS }) bot!: BotStrength;
  @ApiPropertyOptional({ description: 'set when this seat completed the table and the first hand was dealt' }) currentHandId?: string;
}

export class SeatTakenDto {
  @ApiProperty({ example: 2 }) seat!: number;
  @ApiPropertyOptional({ description: 'set when this seat completed the table and the first hand was dealt' }) currentHandId?: string;
}

export class SessionEndDto {
  @ApiProperty({ enum: ['playing', 'ended'] }) status!: string;
  @ApiProperty({ type: 'string', nullable: true }) currentHandId!: string | null;
}

export class ReadyDto {
  @ApiProperty({ description: "the table's hand under way" }) handId!: string;
  @ApiProperty({
    type: 'string',
    nullable: true,
    example: '2026-12-05T10:00:05.000Z',
    description:
      'until when the hand still waits for the people to read the last result; null: it no longer waits (everyone is ready, the pause is over, or it has begun)',
  })
  heldUntil!: string | null;
  @ApiProperty({ type: [Number], example: [0], description: 'the seats whose person has said "next"' }) ready!: number[];
}

export class RematchDto {
  @ApiProperty({ type: TableDto, description: 'the new table' }) table!: TableDto;
  @ApiProperty({ example: 0, description: "the caller's seat there" }) seat!: number;
}

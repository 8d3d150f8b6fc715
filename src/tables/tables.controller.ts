import type { IncomingMessage, ServerResponse } from 'node:http';
import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { Auth, CurrentCaller, type Caller } from '../common/auth.js';
import { ProblemDto } from '../common/problem.dto.js';
import { ApiError } from '../common/problems.js';
import { HandSockets } from '../hands/hand-socket.js';
import { addressOf, type Raw } from '../hands/hand-stream.controller.js';
import { TableSession } from './table-session.js';
import {
  BotSeatedDto,
  CREATE_TABLE,
  type CreateTableBody,
  ListTablesQueryDto,
  ReadyDto,
  RematchDto,
  SEAT_BOT,
  type SeatBotBody,
  SeatTakenDto,
  SessionEndDto,
  TableDto,
  TablePageDto,
  TAKE_SEAT,
  type TakeSeatBody,
} from './tables.dto.js';
import { TablesService } from './tables.service.js';

type Player = Caller & { kind: 'player' };

/** A seat number in the path; anything else is VALIDATION_FAILED like a bad body. */
const SEAT = new ParseIntPipe({ exceptionFactory: () => ApiError.of('VALIDATION_FAILED', 'seat must be an integer') });

@ApiTags('tables')
@ApiNotFoundResponse({ type: ProblemDto, description: 'TABLE_NOT_FOUND' })
@Controller('tables')
export class TablesController {
  constructor(
    private readonly tables: TablesService,
    private readonly session: TableSession,
    private readonly sockets: HandSockets,
  ) {}

  @Post()
  @HttpCode(201)
  @Auth('player')
  @ApiOperation({ summary: 'Open a table; the caller is its host (seats are taken separately)' })
  @ApiBody({
    schema: CREATE_TABLE.ref,
    examples: {
      dobbm: {
        summary: 'Dobbm, five players',
        value: { game: 'dobbm', rules: { players: 5, stake: 12, rounding: 'ceil', doubling: { firstSpeaker: 'dealerLeft' } } },
      },
      droggn: { summary: 'Droggn, defaults (three players)', value: { game: 'droggn' } },
      doppelkopf: { summary: 'Doppelkopf tournament', value: { game: 'doppelkopf', rules: { mode: 'tournament' } } },
      flat: { summary: 'flat dotted option names', value: { game: 'dobbm', rules: { 'mussrunde.whoMayCall': 'anyPlayer' } } },
    },
  })
  @ApiCreatedResponse({ type: TableDto })
  @ApiBadRequestResponse({ type: ProblemDto, description: 'VALIDATION_FAILED, UNKNOWN_OPTION, INVALID_OPTION' })
  create(@Body(CREATE_TABLE.pipe) body: CreateTableBody, @CurrentCaller() caller: Caller) {
    return this.tables.create(caller as Player, body.game, body.rules ?? undefined, {
      clock: body.clock ?? undefined,
      turnSeconds: body.turnSeconds ?? undefined,
      rated: body.rated ?? true,
    });
  }

  @Get()
  @ApiOperation({
    summary: 'Tables, newest first: by default the open (waiting) and running (playing) ones (public)',
    description: "Filter by `game` and `status`; page with `limit` and the answer's `nextCursor`.",
  })
  @ApiOkResponse({ type: TablePageDto })
  @ApiBadRequestResponse({ type: ProblemDto, description: 'VALIDATION_FAILED (an unknown game or status, a bad limit or cursor)' })
  list(@Query() query: ListTablesQueryDto) {
    return this.tables.list(query);
  }

  @Get(':id')
  @ApiOperation({ summary: 'A table: rules, seats, dealer, current hand (public)' })
  @ApiOkResponse({ type: TableDto })
  get(@Param('id') id: string) {
    return this.tables.get(id);
  }

  @Get(':id/socket')
  @Auth('player', 'auditor')
  @ApiOperation({
    summary: "The table's hands, one after another, on one WebSocket: the caller's views and the seat's actions",
    description:
      'As `GET /hands/{id}/socket`, for the hand the table plays now and then every hand it deals after it: ' +
      "after a hand's last view (or the answer that is it) the socket sends the first view of the next hand, " +
      'and closes with 1000 once the session is over. Every view names its hand (`id`), and so must every action: ' +
      '`{"ref", "handId", "expectedSeq", "action", "idempotencyKey"?}` — an action without `handId` is refused (VALIDATION_FAILED), ' +
      'so that one sent for a hand that has just ended never lands in the next. There is no `after`: a socket opened again starts ' +
      "with the current hand's current view. The other close codes are the hand socket's.",
  })
  @ApiResponse({ status: 101, description: 'Switching Protocols: the WebSocket is open' })
  @ApiConflictResponse({ type: ProblemDto, description: 'TABLE_NOT_PLAYING: no hand has been dealt yet' })
  @ApiResponse({ status: 426, type: ProblemDto, description: 'UPGRADE_REQUIRED: a request without `Upgrade: websocket`' })
  @ApiServiceUnavailableResponse({
    type: ProblemDto,
    description: 'STREAMS_FULL: the instance holds `STREAMS_MAX` streams and sockets (Retry-After)',
  })
  async socket(
    @Param('id') id: string,
    @CurrentCaller() caller: Caller,
    @Req() req: Raw<IncomingMessage>,
    @Res() res: Raw<ServerResponse>,
  ): Promise<void> {
    const handId = await this.tables.currentHand(id);
    await this.sockets.open(handId, caller, addressOf(req), undefined, req.raw ?? req, res.raw ?? res, () => res.hijack?.(), id);
  }

  @Post(':id/seats')
  @HttpCode(201)
  @Auth('player')
  @ApiOperation({
    summary:
      'Take a seat; when every seat is taken the first hand is dealt. At a table in play: a seat its host offers, from the next hand',
  })
  @ApiBody({ schema: TAKE_SEAT.ref })
  @ApiCreatedResponse({ type: SeatTakenDto })
  @ApiConflictResponse({
    type: ProblemDto,
    description: 'SEAT_TAKEN, TABLE_FULL, ALREADY_SEATED; at a table in play: SEAT_NOT_OFFERED, SEAT_NOT_AWAY',
  })
  takeSeat(@Param('id') id: string, @Body(TAKE_SEAT.pipe) body: TakeSeatBody, @CurrentCaller() caller: Caller) {
    return this.tables.takeSeat(id, caller as Player, body.seat ?? undefined);
  }

  @Delete(':id/seats/me')
  @HttpCode(204)
  @Auth('player')
  @ApiOperation({ summary: "Leave one's seat; only before the first hand is dealt" })
  @ApiNoContentResponse({ description: 'the seat is free again' })
  @ApiConflictResponse({ type: ProblemDto, description: 'SEATS_FIXED: the first hand has been dealt' })
  async leaveSeat(@Param('id') id: string, @CurrentCaller() caller: Caller): Promise<void> {
    await this.tables.leaveSeat(id, caller as Player);
  }

  @Post(':id/bots')
  @HttpCode(201)
  @Auth('player')
  @ApiOperation({
    summary: 'The host seats a bot in an empty seat, or (a table in play) in the seat of a player who is away, from the next hand',
    description:
      'The bot is a player of its own (`bot` names its strength): the same player whenever the host seats a bot of that strength in that seat of this table. It acts through the same checks and event log as a person, ' +
      "from its seat's view only, as soon as its turn comes, on whichever instance sees the hand move. " +
      'When only bots are seated, the host\'s session end is asked for after a few hands (README "Bots").',
  })
  @ApiBody({ schema: SEAT_BOT.ref, required: false })
  @ApiCreatedResponse({ type: BotSeatedDto })
  @ApiConflictResponse({ type: ProblemDto, description: 'SEAT_TAKEN, TABLE_FULL' })
  seatBot(@Param('id') id: string, @Body(SEAT_BOT.pipe) body: SeatBotBody, @CurrentCaller() caller: Caller) {
    return this.tables.seatBot(id, caller as Player, body.seat ?? undefined, body.strength ?? 'heuristic');
  }

  @Delete(':id/bots/:seat')
  @HttpCode(204)
  @Auth('player')
  @ApiOperation({ summary: 'The host takes a bot out of its seat; only before the first hand is dealt' })
  @ApiNoContentResponse({ description: 'the seat is free again' })
  @ApiConflictResponse({ type: ProblemDto, description: 'NO_BOT_IN_SEAT, SEATS_FIXED' })
  async removeBot(@Param('id') id: string, @Param('seat', SEAT) seat: number, @CurrentCaller() caller: Caller): Promise<void> {
    await this.tables.removeBot(id, caller as Player, seat);
  }

  @Post(':id/seats/:seat/offer')
  @HttpCode(200)
  @Auth('player')
  @ApiOperation({
    summary: 'The host offers the seat of a player who is away to someone else',
    description:
      'Whoever takes it (POST /tables/{id}/seats with the seat), or a bot the host seats there (POST /tables/{id}/bots with the seat), ' +
      "plays it from the next hand; the hand under way goes on with the away player's substitute, and the ledger books each hand " +
      'to the player it was dealt to. A bot needs no offer.',
  })
  @ApiOkResponse({ type: TableDto })
  @ApiConflictResponse({
    type: ProblemDto,
    description: 'SEAT_NOT_AWAY: its holder is not the player dealt the current hand, away in it (or came back); TABLE_NOT_PLAYING',
  })
  offerSeat(@Param('id') id: string, @Param('seat', SEAT) seat: number, @CurrentCaller() caller: Caller) {
    return this.tables.offerSeat(id, caller as Player, seat, true);
  }

  @Delete(':id/seats/:seat/offer')
  @HttpCode(200)
  @Auth('player')
  @ApiOperation({ summary: 'The host takes the offer of a seat back' })
  @ApiOkResponse({ type: TableDto })
  withdrawOffer(@Param('id') id: string, @Param('seat', SEAT) seat: number, @CurrentCaller() caller: Caller) {
    return this.tables.offerSeat(id, caller as Player, seat, false);
  }

  @Post(':id/session-end')
  @HttpCode(200)
  @Auth('player')
  @ApiOperation({
    summary: 'Ask to wind the session down (Dobbm: the Mußrunde; Droggn: the last hands; Doppelkopf: the end)',
    description:
      'The host asks as the host (engine bySeat = null), any other seated player as its seat. A hand someone has acted in is played out; ' +
      "a hand nobody has acted in yet is voided and, unless the session ends now, replaced by the engine's next deal with the same cards (docs/service.md).",
  })
  @ApiOkResponse({ type: SessionEndDto })
  @ApiConflictResponse({ type: ProblemDto, description: 'TABLE_NOT_PLAYING' })
  @ApiUnprocessableEntityResponse({
    type: ProblemDto,
    description: "the engine's reason: SESSION_OVER, SESSION_ALREADY_ENDING, CALL_NOT_ALLOWED",
  })
  sessionEnd(@Param('id') id: string, @CurrentCaller() caller: Caller) {
    return this.session.requestEnd(id, caller as Player);
  }

  @Post(':id/ready')
  @HttpCode(200)
  @Auth('player')
  @ApiOperation({
    summary: 'A seated player has read the last result: "next"',
    description:
      "After a hand's end the next hand, dealt at once, waits before its first move and its first turn clock for `RESULT_PAUSE_MS` " +
      "(the hand's view says until when: `heldUntil`) — or until every person seated (not away) has called this; bots are always ready. " +
      'Calling it again, or once the hand no longer waits, changes nothing (docs/contract.md#next-hand).',
  })
  @ApiOkResponse({ type: ReadyDto })
  @ApiForbiddenResponse({ type: ProblemDto, description: 'NOT_SEATED' })
  @ApiConflictResponse({ type: ProblemDto, description: 'TABLE_NOT_PLAYING: nothing dealt yet, or the table has ended' })
  ready(@Param('id') id: string, @CurrentCaller() caller: Caller) {
    return this.tables.ready(id, caller as Player);
  }

  @Post(':id/rematch')
  @HttpCode(200)
  @Auth('player')
  @ApiOperation({
    summary: 'A player seated at the ended table opens its rematch, or takes a seat at the one opened already',
    description:
      'The first call opens a new table with the same game, rules, turn clock, rating and bots (seated as before), hosted by the caller; ' +
      "the ended table's `rematchTableId` names it from then on, and every later call by a player seated here answers the same table. " +
      'Each caller is seated there, in his old seat while it is free (else the next free one); the seat that completes the table deals the first hand.',
  })
  @ApiOkResponse({ type: RematchDto })
  @ApiForbiddenResponse({ type: ProblemDto, description: 'NOT_SEATED: the caller held no seat at this table' })
  @ApiConflictResponse({
    type: ProblemDto,
    description: 'TABLE_NOT_ENDED: the table is waiting or playing; TABLE_FULL: the rematch is full already',
  })
  rematch(@Param('id') id: string, @CurrentCaller() caller: Caller) {
    return this.tables.rematch(id, caller as Player);
  }
}

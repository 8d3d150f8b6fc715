import { Body, Controller, Get, Header, Headers, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiExtraModels,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiResponse,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fresh from 'fresh';
import { Auth, CurrentCaller, type Caller } from '../common/auth.js';
import { ProblemDto } from '../common/problem.dto.js';
import { ApiError } from '../common/problems.js';
import { PrivateResponse } from '../common/private-response.js';
import { etagOf, listsEtag, listsSeqOf, preferredWait, seqPart } from './conditional.js';
import { MAX_WAIT_SECONDS, HandWatch } from './hand-watch.js';
import { SeatPresence } from './presence.js';
import { ACTION_REQUEST, HandEventDto, HandViewDto, HAND_VIEW, type ActionRequest } from './hands.dto.js';
import { HandCommands } from './hand-commands.js';
import { HandsService, viewSeatsMark } from './hands.service.js';

/** One example per action shape of docs/contract.md#actions (the seat comes from the token). */
const ex = (summary: string, expectedSeq: number, action: Record<string, unknown>) => ({ summary, value: { expectedSeq, action } });
const ACTION_EXAMPLES = {
  dobbmBid: ex('Dobbm: bid', 0, { type: 'bid', bid: 'dobbm' }),
  dobbmDiscard: ex('Dobbm: discard four cards', 4, { type: 'discard', cards: ['L7', 'L8', 'A6', 'B6'] }),
  dobbmDouble: ex('Dobbm: Schwacher', 5, { type: 'double', call: 'schwacher' }),
  dobbmPlay: ex('Dobbm: play a card', 9, { type: 'play', card: 'HS' }),
  droggnBid: ex('Droggn: bid', 0, { type: 'bid', bid: 'ansager' }),
  droggnBuy: ex('Droggn: buy a card, giving one', 5, { type: 'buy', card: 'T21', give: 'S4' }),
  droggnReady: ex('Droggn: ich liege', 6, { type: 'ready', layout: null }),
  droggnLayout: ex('Droggn: defender lays out', 7, { type: 'layout', card: null }),
  dokoReservation: ex('Doppelkopf: reservation', 0, { type: 'reservation', call: 'gesund' }),
  dokoContract: ex('Doppelkopf: declare a solo', 4, { type: 'contract', contract: 'solo-q' }),
  dokoAnnounce: ex('Doppelkopf: announce', 6, { type: 'announce', level: 're' }),
  dokoPlay: ex('Doppelkopf: play a card', 7, { type: 'play', card: 'CQ' }),
};

/** What Fastify gives an object it serializes itself. */
const JSON_TYPE = 'application/json; charset=utf-8';

@ApiTags('hands')
@ApiExtraModels(HandViewDto)
@ApiNotFoundResponse({ type: ProblemDto, description: 'HAND_NOT_FOUND' })
@Controller('hands')
export class HandsController {
  constructor(
    private readonly hands: HandsService,
    private readonly commands: HandCommands,
    private readonly watch: HandWatch,
    private readonly presence: SeatPresence,
  ) {}

  @Get(':id')
  @PrivateResponse()
  @Auth('player', 'auditor')
  @ApiOperation({
    summary: "The hand as the caller may see it: its seat's view, the auditor view, or (other players) the spectator view",
    description:
      'Conditional and long-polling: with `If-None-Match` naming the ETag of the view you hold the answer is 304 while neither the hand nor its seats (away, deadline, offers, presence) changed; ' +
      `add \`Prefer: wait=N\` (seconds, at most ${MAX_WAIT_SECONDS}) to wait that long for a change, from any instance, before answering. ` +
      'A bare `"<seq>"` names every view at that seq: such a poll waits for the next action only.',
  })
  @ApiHeader({
    name: 'if-none-match',
    required: false,
    description: 'the ETag of the view you hold, e.g. `"7.k3VqX0aZ_w"` (or its seq alone, `"7"`)',
  })
  @ApiHeader({
    name: 'prefer',
    required: false,
    description: `\`wait=N\`: with If-None-Match, wait up to N seconds (≤ ${MAX_WAIT_SECONDS}) for a change`,
  })
  @ApiOkResponse({
    schema: HAND_VIEW,
    headers: {
      ETag: {
        description: 'the seq and a digest of what the view says of the seats, `"7.k3VqX0aZ_w"` (`"7-void"` once the hand was dropped)',
        schema: { type: 'string' },
      },
    },
  })
  @ApiResponse({ status: 304, description: 'Not Modified: If-None-Match still names the current view (after the preferred wait)' })
  async view(
    @Param('id') id: string,
    @CurrentCaller() caller: Caller,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) res: FastifyReply,
    @Headers('if-none-match') ifNoneMatch?: string,
    @Headers('prefer') prefer?: string,
  ) {
    const wait = preferredWait(prefer);
    // Armed before the read, so an action landing between the read and the wait still wakes it;
    // null (no wait, no Preference-Applied) when the instance holds its maximum of long polls.
    // A move to the seq the reader holds, seats unchanged (another instance's announcement arriving
    // after the reader read that seq), is no change for him: it does not end his wait.
    const watch =
      wait > 0 && ifNoneMatch ? this.watch.arm(id, ({ seq, status }) => listsSeqOf(ifNoneMatch, etagOf({ seq, status }))) : null;
    try {
      // A poll that will wait needs only the tag: its view is built once, after the wait.
      let view = await this.hands.viewUnlessHeld(id, caller, (etag) => watch !== null && listsEtag(ifNoneMatch, etag));
      if (!view) {
        res.raw.once('close', () => watch!.cancel()); // the client gave up
        const move = await watch!.until(wait * 1000);
        view = await this.hands.view(id, caller, move);
        res.header('Preference-Applied', `wait=${wait}`);
      }
      // A seat's person asking about the hand is at the table for a while (presence.ts).
      if (view.seat !== undefined && view.tableId !== null && caller.kind === 'player')
        this.presence.saw(view.tableId as string, caller.playerId);
      const etag = etagOf({ ...view, seats: viewSeatsMark(view) });
      res.header('ETag', etag);
      // 304 when If-None-Match names this ETag, or its seq bare (RFC 9110 §13.1.2).
      if (fresh(req.headers, { etag }) || fresh(req.headers, { etag: seqPart(etag) })) {
        res.status(304);
        return undefined;
      }
      return view;
    } finally {
      watch?.cancel();
    }
  }

  @Post(':id/actions')
  @HttpCode(200)
  @PrivateResponse()
  @Header('Content-Type', JSON_TYPE)
  @Auth('player')
  @ApiOperation({ summary: "Play one action; answers the seat's new view" })
  @ApiHeader({
    name: 'idempotency-key',
    required: false,
    description: 'a retry with the same key gets the first answer and appends nothing',
  })
  @ApiHeader({
    name: 'if-match',
    required: false,
    description: 'the expected seq (`"3"`, or the view\'s ETag), when the body has no expectedSeq',
  })
  @ApiBody({ schema: ACTION_REQUEST.ref, examples: ACTION_EXAMPLES })
  @ApiOkResponse({ schema: HAND_VIEW })
  @ApiBadRequestResponse({ type: ProblemDto, description: 'VALIDATION_FAILED, BAD_ACTION' })
  @ApiConflictResponse({ type: ProblemDto, description: 'STALE_SEQ' })
  @ApiUnprocessableEntityResponse({ type: ProblemDto, description: "the engine's reason: NOT_YOUR_TURN, MUST_FOLLOW_SUIT, …" })
  async act(
    @Param('id') id: string,
    @Body(ACTION_REQUEST.pipe) body: ActionRequest,
    @CurrentCaller() caller: Caller,
    @Headers('idempotency-key') idempotencyKey?: string,
    @Headers('if-match') ifMatch?: string,
  ): Promise<string> {
    const command = {
      actor: caller as Caller & { kind: 'player' },
      expectedSeq: expectedSeqOf(body.expectedSeq, ifMatch),
      action: body.action,
    };
    const answer = await this.commands.handle(id, command, { idempotencyKey: idempotencyKey || undefined });
    const tableId = answer.view.tableId as string | null;
    if (tableId !== null) this.presence.saw(tableId, command.actor.playerId);
    // The view's JSON as the service serialized it once (ActAnswer): Fastify sends a string as it is.
    return answer.json;
  }

  @Post(':id/away')
  @HttpCode(200)
  @PrivateResponse()
  @Auth('player')
  @ApiOperation({
    summary: "Leave the hand to the seat's substitute",
    description:
      "The seat is away: its substitute (the strong bot) makes each of its decisions at a bot's pace, marked `by: substitute` in the log, until its player comes back (POST …/back) or acts. A seat whose turn clock runs out twice in a row is away too. A seat already away is left as it is. The hand's sockets and streams are sent the view again. Answers the seat's view.",
  })
  @ApiOkResponse({ schema: HAND_VIEW })
  @ApiConflictResponse({ type: ProblemDto, description: 'HAND_CLOSED: the hand is over' })
  async away(@Param('id') id: string, @CurrentCaller() caller: Caller) {
    await this.commands.setAway(id, caller as Caller & { kind: 'player' }, true);
    return this.hands.view(id, caller);
  }

  @Post(':id/back')
  @HttpCode(200)
  @PrivateResponse()
  @Auth('player')
  @ApiOperation({
    summary: "Take the seat back from its substitute (I'm back)",
    description:
      "The seat is no longer away: a decision it is to act on has its turn clock from when the seat came to act (no more time than the clock gives), and an offer of the seat is withdrawn. A seat that is not away is left as it is, its deadline too. The hand's sockets and streams are sent the view again. Answers the seat's view.",
  })
  @ApiOkResponse({ schema: HAND_VIEW })
  @ApiConflictResponse({ type: ProblemDto, description: 'HAND_CLOSED: the hand is over' })
  async back(@Param('id') id: string, @CurrentCaller() caller: Caller) {
    await this.commands.setAway(id, caller as Caller & { kind: 'player' }, false);
    return this.hands.view(id, caller);
  }

  @Get(':id/events')
  @PrivateResponse()
  @Auth('player', 'auditor')
  @ApiOperation({ summary: "The hand's event log in seq order, as the caller may see it (all of it for the auditor)" })
  @ApiOkResponse({ type: [HandEventDto] })
  events(@Param('id') id: string, @CurrentCaller() caller: Caller) {
    return this.hands.events(id, caller);
  }
}

function expectedSeqOf(fromBody: number | null | undefined, ifMatch: string | undefined): number {
  // null passed @IsOptional before and still passes the schema: it meets STALE_SEQ, as it did.
  if (fromBody !== undefined) return fromBody as number;
  // A view's ETag ("3.<seats>") names its seq, as does a dropped hand's ("3-void"; the action then meets HAND_CLOSED).
  const m = ifMatch ? /^\s*(?:W\/)?"?(\d+)(?:-void|\.[\w-]+)?"?\s*$/.exec(ifMatch) : null;
  if (!m) throw ApiError.of('VALIDATION_FAILED', 'send expectedSeq in the body or the seq as If-Match: "<seq>"');
  return Number(m[1]);
}

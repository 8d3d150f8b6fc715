import { Body, Controller, Get, Headers, HttpCode, Param, Post, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse, ApiBody, ApiConflictResponse, ApiHeader, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { Auth, CurrentCaller, type Caller } from '../common/auth.js';
import { ProblemDto } from '../common/problem.dto.js';
import { ApiError } from '../common/problems.js';
import { ActionRequestDto, HandEventDto, HandViewDto } from './hands.dto.js';
import { HandsService } from './hands.service.js';

/** One example per action shape of CONTRACT.md "Actions" (the seat comes from the token). */
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

@ApiTags('hands')
@ApiNotFoundResponse({ type: ProblemDto, description: 'HAND_NOT_FOUND' })
@Controller('hands')
export class HandsController {
  constructor(private readonly hands: HandsService) {}

  @Get(':id')
  @Auth('player', 'auditor')
  @ApiOperation({ summary: 'The hand as the caller may see it: its seat\'s view, the auditor view, or (other players) the spectator view' })
  @ApiOkResponse({ type: HandViewDto })
  async view(@Param('id') id: string, @CurrentCaller() caller: Caller, @Res({ passthrough: true }) res: Response) {
    const view = await this.hands.view(id, caller);
    res.setHeader('ETag', `"${view.seq}"`);
    return view;
  }

  @Post(':id/actions')
  @HttpCode(200)
  @Auth('player')
  @ApiOperation({ summary: 'Play one action; answers the seat\'s new view' })
  @ApiHeader({ name: 'Idempotency-Key', required: false, description: 'a retry with the same key gets the first answer and appends nothing' })
  @ApiHeader({ name: 'If-Match', required: false, description: 'the expected seq (`"3"`), when the body has no expectedSeq' })
  @ApiBody({ type: ActionRequestDto, examples: ACTION_EXAMPLES })
  @ApiOkResponse({ type: HandViewDto })
  @ApiBadRequestResponse({ type: ProblemDto, description: 'VALIDATION_FAILED, BAD_ACTION' })
  @ApiConflictResponse({ type: ProblemDto, description: 'STALE_SEQ' })
  @ApiUnprocessableEntityResponse({ type: ProblemDto, description: 'the engine\'s reason: NOT_YOUR_TURN, MUST_FOLLOW_SUIT, …' })
  act(
    @Param('id') id: string,
    @Body() body: ActionRequestDto,
    @CurrentCaller() caller: Caller,
    @Headers('idempotency-key') idempotencyKey?: string,
    @Headers('if-match') ifMatch?: string,
  ) {
    return this.hands.act({
      handId: id,
      caller: caller as Caller & { kind: 'player' },
      expectedSeq: expectedSeqOf(body.expectedSeq, ifMatch),
      action: body.action,
      idempotencyKey: idempotencyKey || undefined,
    });
  }

  @Get(':id/events')
  @Auth('player', 'auditor')
  @ApiOperation({ summary: 'The hand\'s event log in seq order, as the caller may see it (all of it for the auditor)' })
  @ApiOkResponse({ type: [HandEventDto] })
  events(@Param('id') id: string, @CurrentCaller() caller: Caller) {
    return this.hands.events(id, caller);
  }
}

function expectedSeqOf(fromBody: number | undefined, ifMatch: string | undefined): number {
  if (fromBody !== undefined) return fromBody;
  const m = ifMatch ? /^\s*(?:W\/)?"?(\d+)"?\s*$/.exec(ifMatch) : null;
  if (!m) throw ApiError.of('VALIDATION_FAILED', 'send expectedSeq in the body or the seq as If-Match: "<seq>"');
  return Number(m[1]);
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { Auth, CurrentCaller, type Caller } from '../common/auth.js';
import { ProblemDto } from '../common/problem.dto.js';
import { HandStreams, KEEPALIVE_MS } from './hand-stream.js';
import { HAND_VIEW } from './hands.dto.js';

/** Node's own request/response under whichever adapter serves the app (Express: itself; Fastify: `.raw`). */
type Raw<T> = T & { raw?: T; hijack?: () => void };

/** The glue of `GET /hands/{id}/stream`; the stream itself is HandStreams (hand-stream.ts). */
@ApiTags('hands')
@Controller('hands')
export class HandStreamController {
  constructor(private readonly streams: HandStreams) {}

  @Get(':id/stream')
  @Auth('player', 'auditor')
  @ApiOperation({
    summary: "The caller's view of the hand as a stream (NDJSON): the current view, then one line per new seq",
    description:
      'Each line is the JSON of `GET /hands/{id}` for the same token (a seat, the spectator or the auditor view). ' +
      'The first line is the current view; then a line for every new seq, from any instance. ' +
      `An empty line every ${KEEPALIVE_MS / 1000} s keeps the stream alive. ` +
      'Once the hand is over or dropped, its last view (naming `nextHandId`) ends the stream. ' +
      'With `after=<seq>` (the seq of the last view you hold, to resume) views up to that seq are skipped; ' +
      'the last view of a hand that ended is sent whatever `after` is.',
  })
  @ApiQuery({
    name: 'after',
    required: false,
    description: 'the seq of the last view you hold: only newer views are sent',
    schema: { type: 'integer', minimum: 0 },
  })
  @ApiOkResponse({
    description: 'NDJSON: one view (HandView, as GET /hands/{id}) per line, empty lines to keep alive',
    content: { 'application/x-ndjson': { schema: HAND_VIEW } },
  })
  @ApiBadRequestResponse({ type: ProblemDto, description: 'VALIDATION_FAILED (`after` is not a seq)' })
  @ApiNotFoundResponse({ type: ProblemDto, description: 'HAND_NOT_FOUND' })
  @ApiServiceUnavailableResponse({
    type: ProblemDto,
    description: 'STREAMS_FULL: the instance holds `LONG_POLL_MAX_WAITERS` streams (Retry-After)',
  })
  async stream(
    @Param('id') id: string,
    @CurrentCaller() caller: Caller,
    @Req() req: Raw<IncomingMessage>,
    @Res() res: Raw<ServerResponse>,
    @Query('after') after?: string,
  ): Promise<void> {
    await this.streams.serve(id, caller, after, req.raw ?? req, res.raw ?? res, () => res.hijack?.());
  }
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import { applyDecorators, Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { Auth, CurrentCaller, type Caller } from '../common/auth.js';
import { ProblemDto } from '../common/problem.dto.js';
import { HandSockets } from './hand-socket.js';
import { KEEPALIVE_MS } from '../common/ndjson-stream.js';
import { HandStreams } from './hand-stream.js';
import { HAND_VIEW } from './hands.dto.js';

/** Node's own request/response under Fastify (`.raw`). */
export type Raw<T> = T & { raw?: T; hijack?: () => void; ip?: string };

/** The client's address as the rate limits see it (TRUST_PROXY applied by the adapter). */
export const addressOf = (req: Raw<IncomingMessage>): string => req.ip ?? req.socket?.remoteAddress ?? '';

/** The `after` query and the refusals before the first view, the same for the stream and the socket. */
const AfterAndRefusals = () =>
  applyDecorators(
    ApiQuery({
      name: 'after',
      required: false,
      description: 'the seq of the last view you hold: only newer views are sent',
      schema: { type: 'integer', minimum: 0 },
    }),
    ApiBadRequestResponse({ type: ProblemDto, description: 'VALIDATION_FAILED (`after` is not a seq)' }),
    ApiNotFoundResponse({ type: ProblemDto, description: 'HAND_NOT_FOUND' }),
    ApiServiceUnavailableResponse({
      type: ProblemDto,
      description: 'STREAMS_FULL: the instance holds `STREAMS_MAX` streams and sockets (Retry-After)',
    }),
  );

/**
 * The glue of `GET /hands/{id}/stream` and `GET /hands/{id}/socket`; the stream itself is
 * HandStreams (hand-stream.ts), the WebSocket HandSockets (hand-socket.ts).
 */
@ApiTags('hands')
@Controller('hands')
export class HandStreamController {
  constructor(
    private readonly streams: HandStreams,
    private readonly sockets: HandSockets,
  ) {}

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
  @AfterAndRefusals()
  @ApiOkResponse({
    description: 'NDJSON: one view (HandView, as GET /hands/{id}) per line, empty lines to keep alive',
    content: { 'application/x-ndjson': { schema: HAND_VIEW } },
  })
  async stream(
    @Param('id') id: string,
    @CurrentCaller() caller: Caller,
    @Req() req: Raw<IncomingMessage>,
    @Res() res: Raw<ServerResponse>,
    @Query('after') after?: string,
  ): Promise<void> {
    await this.streams.serve(id, caller, addressOf(req), after, req.raw ?? req, res.raw ?? res, () => res.hijack?.());
  }

  @Get(':id/socket')
  @Auth('player', 'auditor')
  @ApiOperation({
    summary: "The caller's view of the hand on a WebSocket, and the seat's actions on it",
    description:
      'Open with `Upgrade: websocket` and the subprotocol `kartentisch`; the token goes as `Authorization: Bearer <token>` ' +
      'or, from a browser (which cannot set headers), as a second subprotocol `bearer.<token>`. `after=<seq>` resumes as on the stream. ' +
      'The server sends `{"view": <HandView>}` frames, as the stream sends its lines (the current view first, then one per new seq). ' +
      'A seat sends an action as `{"ref": <a number, or a string of at most 128 characters>, "expectedSeq": n, "action": {…}, "idempotencyKey"?: "…", "handId"?: "…"}` ' +
      '(the body of POST /hands/{id}/actions, with the Idempotency-Key in it; `handId`, if sent, must be this hand) and gets `{"ref", "answer": <its new view>}` — ' +
      'the answer stands for that seq, so no view frame repeats it — or `{"ref", "problem": <the problem+json the POST would answer>}`. ' +
      'Refusals before the upgrade are the usual problem+json (401, 404 HAND_NOT_FOUND, 400, 429, 503 STREAMS_FULL: sockets count with the streams). ' +
      'The socket closes with 1000 after the last view of a hand that ended, 1001 when the instance stops, 1011 when the database is away, ' +
      '1013 when the reader fell 1 MiB behind (then reconnect with `after`), and 1009 for a frame over 100 kB.',
  })
  @AfterAndRefusals()
  @ApiResponse({ status: 101, description: 'Switching Protocols: the WebSocket is open' })
  @ApiResponse({ status: 426, type: ProblemDto, description: 'UPGRADE_REQUIRED: a request without `Upgrade: websocket`' })
  async socket(
    @Param('id') id: string,
    @CurrentCaller() caller: Caller,
    @Req() req: Raw<IncomingMessage>,
    @Res() res: Raw<ServerResponse>,
    @Query('after') after?: string,
  ): Promise<void> {
    await this.sockets.open(id, caller, addressOf(req), after, req.raw ?? req, res.raw ?? res, () => res.hijack?.());
  }
}

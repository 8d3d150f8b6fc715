import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Controller, Get, Inject, Injectable, Logger, type OnModuleDestroy, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { ProblemDto } from '../common/problem.dto.js';
import { networkOf } from '../common/client-network.js';
import { KEEPALIVE_MS, ndjsonWriter, startNdjson, type NdjsonWriter } from '../common/ndjson-stream.js';
import { ApiError } from '../common/problems.js';
import type { Settings } from '../config/env.js';
import { SETTINGS } from '../config/settings.provider.js';
import { DatabaseService } from '../database/database.service.js';
import { addressOf, type Raw } from '../hands/hand-stream.controller.js';
import { lobbyVersion } from './table-store.js';

/** How often an instance that has lobby readers looks whether the lobby changed. */
export const LOOK_MS = 1000;
/** A reader this far behind (bytes queued, not taken) is cut off; it reconnects. */
const MAX_QUEUED_BYTES = 64 * 1024;

interface Reader {
  out: NdjsonWriter;
  address: string;
  keepAlive: NodeJS.Timeout;
}

/**
 * The live lobby (`GET /lobby/feed`): one line whenever the lobby changes, from any instance.
 * Each instance with readers asks the database once a second for the lobby's version (one query,
 * the table store's `lobbyVersion`, for all its readers, none without them); the pages read the
 * tables again (GET /tables, with their filter and pages) only when it moved. Bounded like the hand streams: per address and per
 * instance. docs/web.md says why this and not LISTEN/NOTIFY.
 */
@Injectable()
export class LobbyFeed implements OnModuleDestroy {
  private readonly readers = new Set<Reader>();
  private readonly perAddress = new Map<string, number>();
  private version: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private looking: Promise<void> | null = null;
  private failing = false;
  private readonly log = new Logger('LobbyFeed');

  constructor(
    private readonly db: DatabaseService,
    @Inject(SETTINGS) private readonly settings: Settings,
  ) {}

  /** Feeds open now (a gauge of GET /metrics). */
  get open(): number {
    return this.readers.size;
  }

  /** Opens a reader's stream: the lobby's version now, then one line each time it changes. */
  async serve(peer: string, res: ServerResponse, hijack: () => void): Promise<void> {
    const { streamsMax, streamsPerAddress } = this.settings;
    const address = networkOf(peer, this.settings.ipv6PrefixLength);
    if (this.readers.size >= streamsMax)
      throw ApiError.of('STREAMS_FULL', `this instance holds its ${streamsMax} lobby feeds; retry later or poll GET /tables`);
    if (streamsPerAddress > 0 && (this.perAddress.get(address) ?? 0) >= streamsPerAddress)
      throw ApiError.of('TOO_MANY_STREAMS', `this address holds ${streamsPerAddress} lobby feeds open; close one first`);
    if (this.version === null) await this.look(); // a database away answers 503 before the stream starts
    hijack();
    startNdjson(res);
    const out = ndjsonWriter(res);
    const reader: Reader = { out, address, keepAlive: setInterval(() => this.write(reader, ''), KEEPALIVE_MS).unref() };
    this.readers.add(reader);
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    out.onGone(() => this.drop(reader));
    this.write(reader, JSON.stringify({ version: this.version }));
    this.timer ??= setInterval(() => void this.look().catch(() => undefined), LOOK_MS).unref();
  }

  /** Asks the database for the lobby's version (one look at a time) and tells every reader when it moved. */
  private look(): Promise<void> {
    this.looking ??= (async () => {
      try {
        const version = createHash('sha256')
          .update(await lobbyVersion(this.db.pool))
          .digest('base64url')
          .slice(0, 16);
        if (this.failing) this.log.log('the lobby version can be read again');
        this.failing = false;
        if (version === this.version) return;
        this.version = version;
        const line = JSON.stringify({ version });
        for (const reader of this.readers) this.write(reader, line);
      } catch (err) {
        // Readers keep their stream: the next look tries again, and a new reader is answered 503.
        if (!this.failing) this.log.warn(`the lobby version cannot be read: ${(err as Error).message}`);
        this.failing = true;
        if (this.readers.size === 0) throw ApiError.of('DATABASE_UNAVAILABLE');
      } finally {
        this.looking = null;
      }
    })();
    return this.looking;
  }

  private write(reader: Reader, line: string): void {
    if (reader.out.gone) return this.drop(reader);
    if (reader.out.backlog > MAX_QUEUED_BYTES) {
      reader.out.end();
      return this.drop(reader);
    }
    reader.out.send(line);
  }

  private drop(reader: Reader): void {
    if (!this.readers.delete(reader)) return;
    clearInterval(reader.keepAlive);
    const n = (this.perAddress.get(reader.address) ?? 1) - 1;
    if (n > 0) this.perAddress.set(reader.address, n);
    else this.perAddress.delete(reader.address);
    // Nobody reads: the instance stops asking, and the next reader asks afresh.
    if (this.readers.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
      this.version = null;
    }
  }

  /** Shutdown: every feed ends now (its reader reconnects, elsewhere). */
  onModuleDestroy(): void {
    for (const reader of [...this.readers]) {
      reader.out.end();
      this.drop(reader);
    }
  }
}

@ApiTags('tables')
@Controller('lobby')
export class LobbyFeedController {
  constructor(private readonly feed: LobbyFeed) {}

  @Get('feed')
  @ApiOperation({
    summary: 'The lobby as a stream (NDJSON): a line each time its tables change, from any instance (public)',
    description:
      'The first line is `{"version": "…"}` for the lobby now; then a line with the new version whenever a table is opened, ' +
      'a seat of an open table is taken or left, a seat of a running table is offered or no longer, or a table starts or ends, written by any instance (it is looked at once a second). ' +
      `A client reads GET /tables again when the version moved. An empty line every ${KEEPALIVE_MS / 1000} s keeps the stream alive; ` +
      'a client reconnects when the stream ends (the instance stopped, or the client fell behind).',
  })
  @ApiOkResponse({
    description: 'NDJSON: one `{"version": string}` per line, empty lines to keep alive',
    content: {
      'application/x-ndjson': {
        schema: { type: 'object', required: ['version'], properties: { version: { type: 'string', example: 'q3vX1bA0kZ9mR2cW' } } },
      },
    },
  })
  @ApiResponse({ status: 429, type: ProblemDto, description: 'TOO_MANY_STREAMS: this address holds `STREAMS_PER_ADDRESS` feeds open' })
  @ApiServiceUnavailableResponse({
    type: ProblemDto,
    description: 'STREAMS_FULL: the instance holds `STREAMS_MAX` lobby feeds; DATABASE_UNAVAILABLE',
  })
  async feedOf(@Req() req: Raw<IncomingMessage>, @Res() res: Raw<ServerResponse>): Promise<void> {
    await this.feed.serve(addressOf(req), res.raw ?? res, () => res.hijack?.());
  }
}

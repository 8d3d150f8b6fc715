import type { ServerResponse } from 'node:http';

/**
 * The one NDJSON writer of the service's streams — a hand's views (hands/hand-stream.ts) and the
 * lobby's version (tables/lobby-feed.ts): the response's head, one JSON document per line, an
 * empty line to keep a quiet stream alive, and what the reader has not taken yet.
 */

/** An empty line this often keeps proxies and clients from taking a quiet stream for a dead one. */
export const KEEPALIVE_MS = 20_000;

const NDJSON = 'application/x-ndjson; charset=utf-8';

/** Lines written to one reader's response. */
export interface NdjsonWriter {
  /** Writes one line: the JSON, then a newline. */
  send(json: string): void;
  end(): void;
  /** Bytes written and not yet taken by the reader: the caller cuts off a reader too far behind. */
  readonly backlog: number;
  /** The reader went, or the response was ended. */
  readonly gone: boolean;
  onGone(listener: () => void): void;
  keepAlive(): void;
}

/** The stream's head: no caching anywhere, and no buffering in a proxy (nginx reads `X-Accel-Buffering`). */
export function startNdjson(res: ServerResponse): void {
  res.writeHead(200, { 'Content-Type': NDJSON, 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' });
}

export function ndjsonWriter(res: ServerResponse): NdjsonWriter {
  return {
    send: (json) => void res.write(json + '\n'),
    end: () => void res.end(),
    get backlog() {
      return res.writableLength;
    },
    get gone() {
      return res.destroyed || res.writableEnded;
    },
    onGone: (listener) => void res.once('close', listener),
    keepAlive: () => void res.write('\n'),
  };
}

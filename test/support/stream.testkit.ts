import type { AddressInfo } from 'node:net';
import type { ReadableStreamReadResult } from 'node:stream/web';
import type { TestApp } from './app.testkit.js';
import { bearer } from './app.testkit.js';
import type { View } from './bots.testkit.js';
import { HandStreams } from '../../src/hands/hand-stream.js';
import { HandWatch } from '../../src/hands/hand-watch.js';

/**
 * main.ts's drain, as far as the open streams and sockets see it: stop accepting, wake (and so
 * end) every reader, close connections as they go idle. Resolves once the drain has begun, with
 * a promise of the server's close.
 */
export async function beginDrain(t: TestApp): Promise<Promise<void>> {
  const server = t.app.getHttpServer() as import('node:http').Server;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  await t.app.get(HandWatch).close();
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  return closed.finally(() => clearInterval(idle));
}

/** Waits (at most `ms`) until the instance holds no stream or socket, as closed ones leave; answers how many it holds. */
export async function readersGone(t: TestApp, ms = 5_000): Promise<number> {
  const streams = t.app.get(HandStreams);
  for (const until = Date.now() + ms; streams.open > 0 && Date.now() < until;) await new Promise((r) => setTimeout(r, 20));
  return streams.open;
}

/** The app's address on a real port: a stream is read as it comes, which supertest does not do. */
export async function listening(t: TestApp): Promise<string> {
  const server = t.app.getHttpServer() as import('node:http').Server;
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export interface OpenStream {
  status: number;
  contentType: string | null;
  /** The problem, when the stream was refused. */
  problem?: Record<string, unknown>;
  /** The next view, or 'end' once the server ended the stream, or 'quiet' after `ms` with none. */
  next(ms?: number): Promise<View | 'end' | 'quiet'>;
  /** Empty (keep-alive) lines seen so far. */
  keepAlives: number;
  close(): void;
}

/** GET /hands/{id}/stream read line by line (fetch and its ReadableStream, as the web page does). */
export async function openStream(base: string, handId: string, token: string | null, after?: string | number): Promise<OpenStream> {
  const abort = new AbortController();
  const query = after === undefined ? '' : `?after=${after}`;
  const res = await fetch(`${base}/hands/${handId}/stream${query}`, { headers: token ? bearer(token) : {}, signal: abort.signal });
  const out: OpenStream = {
    status: res.status,
    contentType: res.headers.get('content-type'),
    next: async () => 'end',
    keepAlives: 0,
    close: () => abort.abort(),
  };
  if (!res.ok) {
    out.problem = (await res.json()) as Record<string, unknown>;
    return out;
  }
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let done = false;
  let pending: Promise<ReadableStreamReadResult<string>> | null = null;
  out.next = async (ms = 10_000) => {
    const until = Date.now() + ms;
    for (;;) {
      const nl = buffer.indexOf('\n');
      if (nl >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 1);
        if (line === '') {
          out.keepAlives++;
          continue;
        }
        return JSON.parse(line) as View;
      }
      if (done) return 'end';
      pending ??= reader.read().catch(() => ({ done: true, value: undefined }) as ReadableStreamReadResult<string>);
      let timer: NodeJS.Timeout | undefined;
      const quiet = new Promise<'quiet'>((r) => (timer = setTimeout(() => r('quiet'), Math.max(0, until - Date.now()))));
      const got = await Promise.race([pending, quiet]);
      clearTimeout(timer);
      if (got === 'quiet') return 'quiet';
      pending = null;
      if (got.done) done = true;
      else buffer += got.value;
    }
  };
  return out;
}

/** GET /lobby/feed read line by line, as the web page reads it. */
export async function openLobby(base: string) {
  const abort = new AbortController();
  const res = await fetch(`${base}/lobby/feed`, { signal: abort.signal });
  const lines: string[] = [];
  const wake = { up: (): void => undefined };
  if (res.ok)
    void (async () => {
      let buffer = '';
      try {
        for await (const chunk of res.body!.pipeThrough(new TextDecoderStream())) {
          buffer += chunk;
          for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
            if (nl > 0) lines.push(buffer.slice(0, nl));
            buffer = buffer.slice(nl + 1);
            wake.up();
          }
        }
      } catch {
        /* closed by the test */
      }
    })();
  return {
    res,
    /** The next version the feed sends, or 'quiet' after `ms` without one. */
    async next(ms = 5000): Promise<string> {
      const until = Date.now() + ms;
      while (lines.length === 0 && Date.now() < until)
        await new Promise<void>((r) => {
          wake.up = r;
          setTimeout(r, 50);
        });
      const line = lines.shift();
      return line === undefined ? 'quiet' : (JSON.parse(line) as { version: string }).version;
    },
    close: () => abort.abort(),
  };
}

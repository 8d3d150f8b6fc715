import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import proxyAddr from 'proxy-addr';
import type { Settings } from '../config/env.js';
import { networkOf } from './client-network.js';

/**
 * The HTTP server's timeouts (Node's own, which Fastify leaves off): the whole request must
 * arrive within REQUEST_TIMEOUT_MS, else Node answers 408 and closes the connection — a client
 * sending its body a byte at a time holds nothing for long. Node looks for such requests every
 * `connectionsCheckingInterval`, so that is a fraction of the timeout. A response that takes
 * long (a long poll, a stream, a socket) is not a slow request: these count only what the client sends.
 */
export function httpTimeouts(settings: Settings) {
  const requestTimeout = settings.requestTimeoutMs;
  return {
    requestTimeout,
    keepAliveTimeout: settings.keepAliveTimeoutMs,
    http: {
      headersTimeout: Math.min(requestTimeout, 20_000),
      connectionsCheckingInterval: Math.max(50, Math.min(5_000, Math.floor(requestTimeout / 4))),
    },
  };
}

/**
 * At most CONNECTIONS_PER_ADDRESS open TCP connections per peer address (an IPv6 peer by its
 * network, client-network.ts); one more is closed as
 * it opens, before Node reads a byte of it. The address limit of the rate limiter counts
 * requests, which a client holding idle or slow connections does not send. A trusted proxy
 * (TRUST_PROXY) carries many clients on its connections and is not capped.
 */
export function limitConnections(server: Server, settings: Settings): void {
  const cap = settings.connectionsPerAddress;
  if (cap === 0) return;
  const trusted = proxyTrust(settings.trustProxy);
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const peer = socket.remoteAddress ?? '';
    if (trusted(peer)) return;
    const address = networkOf(peer, settings.ipv6PrefixLength);
    const n = (open.get(address) ?? 0) + 1;
    if (n > cap) {
      socket.destroy();
      return;
    }
    open.set(address, n);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

/** Whether a peer is a proxy TRUST_PROXY trusts (as Fastify's proxy-addr reads the setting). */
function proxyTrust(setting: Settings['trustProxy']): (address: string) => boolean {
  if (typeof setting === 'boolean') return () => setting;
  if (typeof setting === 'number') return () => setting > 0;
  const trust = proxyAddr.compile(setting);
  return (address) => address !== '' && trust(address, 0);
}

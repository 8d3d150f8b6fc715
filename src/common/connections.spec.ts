import { createServer } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from '@jest/globals';
import { validateEnv } from '../config/env.js';
import { limitConnections } from './connections.js';

/** A connection as the server sees it when it opens: a socket from `address`, destroyed if refused. */
function arriving(address: string): Socket & { refused: boolean } {
  const socket = Object.assign(new Socket(), { refused: false });
  Object.defineProperty(socket, 'remoteAddress', { value: address });
  socket.destroy = () => {
    socket.refused = true;
    return socket;
  };
  return socket;
}

describe('connections per address', () => {
  const server = (env: Record<string, string>) => {
    const s = createServer();
    limitConnections(s, validateEnv({ CONNECTIONS_PER_ADDRESS: '2', ...env }));
    return (address: string) => {
      const socket = arriving(address);
      s.emit('connection', socket);
      return socket.refused;
    };
  };

  it('counts the addresses of one IPv6 /64 as one peer, and IPv4 peers by address', () => {
    const open = server({});
    expect([open('2001:db8:1:2::1'), open('2001:db8:1:2::2'), open('2001:db8:1:2:abcd::3')]).toEqual([false, false, true]);
    expect(open('2001:db8:1:3::1')).toBe(false);
    expect([open('203.0.113.1'), open('::ffff:203.0.113.1'), open('203.0.113.1'), open('203.0.113.2')]).toEqual([
      false,
      false,
      true,
      false,
    ]);
  });

  it('takes the network by IPV6_PREFIX_LENGTH', () => {
    const open = server({ IPV6_PREFIX_LENGTH: '128' });
    expect([open('2001:db8:1:2::1'), open('2001:db8:1:2::2'), open('2001:db8:1:2::3')]).toEqual([false, false, false]);
  });
});

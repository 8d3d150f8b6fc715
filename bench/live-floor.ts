import http from 'node:http';
import { WebSocket } from 'ws';
import { KartentischClient } from '../scripts/lib/api-client.js';

/**
 * The live shape's floor: bench/baseline's groups played as bench/live-tables.ts
 * plays tables. Every seat of a group follows it on its own connection (`GET /follow/:group`,
 * a response held open) and, when the lines it has read make it its turn, moves on another
 * (`POST /move/:group`, the bots' HTTP client): one insert, then one short line pushed to every
 * seat of the group. A live action's POST and its pushes, with nothing of a game in them.
 * With `sockets`, as the live tables play on their WebSockets: every seat of a group on its own
 * `/play` socket, moving by sending a frame on it (one insert, one frame to every seat).
 * Answers the moves made in `seconds`.
 */
export async function liveFloor(url: string, seatCounts: readonly number[], seconds: number, sockets = false): Promise<number> {
  if (sockets) return socketFloor(url, seatCounts, seconds);
  const end = performance.now() + seconds * 1000;
  let moves = 0;
  const failures: unknown[] = [];
  const posters: KartentischClient[] = [];
  try {
    await Promise.all(
      seatCounts.map(async (seats, g) => {
        const group = `g${g}`;
        const clients = Array.from({ length: seats }, () => new KartentischClient(url));
        posters.push(...clients);
        const move = (seat: number) => {
          if (performance.now() >= end) return;
          clients[seat]!.plain('POST', `/move/${group}`).then(
            (status) => (status === 201 ? moves++ : failures.push(`POST /move answered ${status}`)),
            // After the end the connections are closed under the last moves: not a failure.
            (err: Error) => performance.now() < end && failures.push(err.message),
          );
        };
        // Every seat counts the group's lines; after the k-th, seat k mod seats moves.
        const followed = Array.from({ length: seats }, (_, seat) => follow(url, group, () => move(seat), seat, seats));
        await Promise.all(followed.map((f) => f.open));
        move(0);
        await Promise.all(followed.map((f) => f.done));
      }),
    );
  } finally {
    for (const c of posters) c.close();
  }
  if (failures.length > 0) throw new Error(`live floor: ${failures.length} moves failed, the first: ${String(failures[0])}`);
  return moves;

  function follow(base: string, group: string, myTurn: () => void, seat: number, seats: number) {
    let lines = 0;
    let opened: () => void = () => undefined;
    const open = new Promise<void>((resolve) => (opened = resolve));
    const done = new Promise<void>((resolve) => {
      const req = http.get(`${base}/follow/${group}`, { agent: false }, (res) => {
        opened();
        res.setEncoding('utf8');
        let buffer = '';
        res.on('data', (chunk: string) => {
          buffer += chunk;
          for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
            JSON.parse(buffer.slice(0, nl));
            buffer = buffer.slice(nl + 1);
            if (++lines % seats === seat) myTurn();
          }
          if (performance.now() >= end) req.destroy();
        });
        res.on('close', resolve);
      });
      req.on('error', () => resolve());
      setTimeout(() => req.destroy(), Math.max(0, end - performance.now()) + 1000).unref();
    });
    return { open, done };
  }
}

/** The live floor on WebSockets: after the k-th frame of its group, seat k mod seats moves. */
async function socketFloor(url: string, seatCounts: readonly number[], seconds: number): Promise<number> {
  const end = performance.now() + seconds * 1000;
  let moves = 0;
  const all: WebSocket[] = [];
  try {
    await Promise.all(
      seatCounts.map(async (seats, g) => {
        const group = Array.from(
          { length: seats },
          () => new WebSocket(`${url.replace(/^http/, 'ws')}/play?group=g${g}`, { perMessageDeflate: false }),
        );
        all.push(...group);
        await Promise.all(group.map((ws) => new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))));
        let frames = 0;
        const done = new Promise<void>((resolve) => {
          group.forEach((ws, seat) =>
            ws.on('message', () => {
              if (seat !== 0) return; // one seat counts the group's frames; every seat gets each one
              moves++;
              if (performance.now() >= end) return resolve();
              group[++frames % seats]!.send('m');
            }),
          );
        });
        group[0]!.send('m');
        await done;
      }),
    );
  } finally {
    for (const ws of all) ws.terminate();
  }
  return moves;
}

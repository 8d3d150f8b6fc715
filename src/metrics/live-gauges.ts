import { Inject, Injectable, Logger } from '@nestjs/common';
import { Gauge, Registry } from 'prom-client';
import { DatabaseService } from '../database/database.service.js';
import { HandSockets } from '../hands/hand-socket.js';
import { HandStreams } from '../hands/hand-stream.js';
import { queueDepths, type QueueDepth } from '../jobs/job-queue.js';
import { LobbyFeed } from '../tables/lobby-feed.js';

/** How long the database may take over the queues' depth (in the database; the scrape waits a little longer). */
const QUEUE_READ_MS = 1000;
const QUEUE_WAIT_MS = QUEUE_READ_MS + 500;

/**
 * What this app holds now, read when scraped: its open sockets, streams and lobby feeds, and the
 * job queue's depth. Per app, as each app has its own connections; the queue is the database's,
 * so every instance reports the same figures (take their max by `queue`, not their sum).
 */
@Injectable()
export class LiveGauges {
  readonly registry = new Registry();
  private readonly log = new Logger('Metrics');
  /** The queues' read under way: scrapes that meet it share it instead of queueing more reads. */
  private reading: Promise<QueueDepth[] | null> | null = null;
  private failing = false;

  // @Inject by class: works also where no decorator metadata is emitted (tsx).
  constructor(
    @Inject(DatabaseService) private readonly db: DatabaseService,
    @Inject(HandSockets) sockets: HandSockets,
    @Inject(HandStreams) streams: HandStreams,
    @Inject(LobbyFeed) lobby: LobbyFeed,
  ) {
    new Gauge({
      name: 'kartentisch_live_connections',
      help: 'Sockets and streams this instance holds open, by kind',
      labelNames: ['kind'] as const,
      registers: [this.registry],
      collect() {
        this.set({ kind: 'hand_socket' }, sockets.openSockets.hand);
        this.set({ kind: 'table_socket' }, sockets.openSockets.table);
        this.set({ kind: 'hand_stream' }, streams.ndjsonOpen);
        this.set({ kind: 'lobby_feed' }, lobby.open);
      },
    });
    const depths = (): Promise<QueueDepth[] | null> => this.queues();
    new Gauge({
      name: 'kartentisch_job_queue_jobs',
      help: "Jobs in the audit's queues (pg-boss), by queue and state: queued (waiting or to be retried) or active",
      labelNames: ['queue', 'state'] as const,
      registers: [this.registry],
      async collect() {
        const read = await depths();
        this.reset();
        for (const q of read ?? []) {
          this.set({ queue: q.queue, state: 'queued' }, q.queued);
          this.set({ queue: q.queue, state: 'active' }, q.active);
        }
      },
    });
    new Gauge({
      name: 'kartentisch_job_queue_oldest_queued_age_seconds',
      help: 'Age of the oldest queued job per queue (0 when none waits)',
      labelNames: ['queue'] as const,
      registers: [this.registry],
      async collect() {
        const read = await depths();
        this.reset();
        for (const q of read ?? []) this.set({ queue: q.queue }, q.oldestSeconds);
      },
    });
  }

  /** The queues' depth, or null (said once in the log) when the database did not answer in time: the queue's series are then left out of this scrape. */
  private queues(): Promise<QueueDepth[] | null> {
    this.reading ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${QUEUE_WAIT_MS} ms`)), QUEUE_WAIT_MS);
      });
      try {
        const read = await Promise.race([queueDepths(this.db.pool, QUEUE_READ_MS), late]);
        if (this.failing) this.log.log('the job queue can be read again');
        this.failing = false;
        return read;
      } catch (err) {
        if (!this.failing) this.log.warn(`the job queue's depth cannot be read: ${(err as Error).message}`);
        this.failing = true;
        return null;
      } finally {
        clearTimeout(timer);
        this.reading = null;
      }
    })();
    return this.reading;
  }
}

import type { FastifyInstance } from 'fastify';
import { Histogram } from 'prom-client';
import { processRegistry } from './counters.js';

const requestDuration = new Histogram({
  name: 'kartentisch_http_request_duration_seconds',
  help: 'Time from a request arriving to its answer sent, by method, route pattern and status class (a long poll counts its wait)',
  labelNames: ['method', 'route', 'status_class'] as const,
  // From a cached read (a few ms) to a long poll's 25 s wait.
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [processRegistry],
});

/**
 * Times every answered request under its route's pattern (`/hands/:id/actions`), never its URL,
 * so the series stay as many as the routes; a request that matched no route counts as
 * `unmatched`. Streams and sockets let go of Fastify's reply (hijack), which then runs no
 * onResponse for them: they are live connections, counted by the gauges, and their lifetimes
 * stay out of their routes' latencies.
 */
export function timeRequests(fastify: FastifyInstance): void {
  fastify.addHook('onResponse', (req, reply, done) => {
    const status = reply.statusCode;
    requestDuration.observe(
      { method: req.method, route: req.routeOptions.url ?? 'unmatched', status_class: `${Math.floor(status / 100)}xx` },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

import { collectDefaultMetrics, Counter, Registry } from 'prom-client';

/**
 * What this process counts as it happens, for `GET /metrics` (metrics.module.ts). One registry
 * per process rather than per app: the bots' decision pool and the substitutes count from code
 * that holds no app, and a count is one addition whether or not anyone scrapes it.
 */
export const processRegistry = new Registry();

const botDecisions = new Counter({
  name: 'kartentisch_bot_strong_decisions_total',
  help: "Strong bots' and substitutes' decisions, by what answered them: the search, or the beginner (deadline passed, too many waiting, a worker failed)",
  labelNames: ['answered_by'] as const,
  registers: [processRegistry],
});
// Both series exist from the start, so that a rate over them is defined before the first fallback.
botDecisions.inc({ answered_by: 'search' }, 0);
botDecisions.inc({ answered_by: 'beginner' }, 0);

const substituteMoves = new Counter({
  name: 'kartentisch_substitute_moves_total',
  help: 'Moves a substitute made for a seat whose clock ran out or whose person is away',
  registers: [processRegistry],
});

const handsParked = new Counter({
  name: 'kartentisch_hands_parked_total',
  help: 'Hands the substitutes set aside for a while because they could not act on them',
  registers: [processRegistry],
});

/** The calls the rest of the service makes: one line where the thing happens. */
export const metrics = {
  botDecision: (answeredBy: 'search' | 'beginner'): void => botDecisions.inc({ answered_by: answeredBy }),
  substituteMove: (): void => substituteMoves.inc(),
  handParked: (): void => handsParked.inc(),
};

let nodeMetrics = false;

/**
 * Node's own figures (CPU, memory, heap, event-loop delay, GC) under the service's prefix,
 * collected only once something serves them: the event-loop monitor and GC observer they start
 * are not worth running for nobody.
 */
export function collectNodeMetrics(): void {
  if (nodeMetrics) return;
  nodeMetrics = true;
  collectDefaultMetrics({ register: processRegistry, prefix: 'kartentisch_' });
}

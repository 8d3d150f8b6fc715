import type { Action, Viewer } from './types.js';

/** Fields that may carry cards or private choices of the acting seat. */
const PRIVATE_FIELDS = ['cards', 'give', 'contract', 'wedding'] as const;

/**
 * The conservative default for games without their own `redactAction`: before the hand is
 * over, a seat sees the private fields of its own actions only; a spectator sees none of them;
 * an auditor sees everything. A removed field is replaced by `hidden: [names]`.
 */
export function redactAction(action: Action, viewer: Viewer, handOver: boolean): Action {
  if (handOver || viewer.kind === 'auditor') return action;
  if (viewer.kind === 'seat' && viewer.seat === action.seat) return action;
  const hidden = PRIVATE_FIELDS.filter((f) => f in action && action[f] !== null);
  if (hidden.length === 0) return action;
  const copy: Action = { ...action };
  for (const f of hidden) delete copy[f];
  copy.hidden = hidden;
  return copy;
}

import { Codes, rejection } from './rejections.js';
import type { Action, Parsed } from './types.js';

export type { Parsed };

/**
 * Every game's parseAction ends here: `clean` is the action built from the fields its type
 * has (docs/contract.md#actions), and a field of `raw` that it does not carry is refused by
 * name (UNKNOWN_FIELDS) rather than dropped or stored, so the log holds only contract shapes.
 */
export function exactly<A extends Action>(raw: Record<string, unknown>, clean: A): Parsed<A> {
  // A plain loop: this runs on every action a simulation applies (no closure per call).
  const extra: string[] = [];
  for (const k of Object.keys(raw)) if (!Object.hasOwn(clean, k)) extra.push(k);
  if (extra.length === 0) return { ok: true, action: clean };
  const names = extra
    .slice(0, 10)
    .map((k) => JSON.stringify(k))
    .join(', ');
  return { ok: false, rejection: rejection(Codes.UNKNOWN_FIELDS, `a ${JSON.stringify(clean.type)} action has no field ${names}`) };
}

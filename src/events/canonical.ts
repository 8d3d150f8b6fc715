import { hash } from 'node:crypto';

/** Text written as is, between the values of the work stack. */
class Raw {
  constructor(readonly text: string) {}
}

/**
 * JSON with object keys sorted at every depth: the byte form an event's hash is taken over.
 * Iterative (a stack of values and punctuation), so no depth of input exhausts the call stack.
 */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v instanceof Raw) {
      out.push(v.text);
    } else if (v === null || typeof v !== 'object') {
      out.push(JSON.stringify(v) ?? 'null');
    } else if (Array.isArray(v)) {
      // Pushed in reverse, so they come off the stack in order.
      stack.push(new Raw(']'));
      for (let i = v.length - 1; i >= 0; i--) {
        stack.push(v[i] === undefined ? null : v[i]);
        if (i > 0) stack.push(new Raw(','));
      }
      stack.push(new Raw('['));
    } else {
      const obj = v as Record<string, unknown>;
      const keys = Object.keys(obj)
        .filter((k) => obj[k] !== undefined)
        .sort();
      stack.push(new Raw('}'));
      for (let i = keys.length - 1; i >= 0; i--) {
        stack.push(obj[keys[i]!]);
        stack.push(new Raw(`${i > 0 ? ',' : ''}${JSON.stringify(keys[i])}:`));
      }
      stack.push(new Raw('{'));
    }
  }
  return out.join('');
}

/** One call, no Hash object: about half of createHash's cost for the short inputs hashed per action. */
export const sha256Hex = (s: string): string => hash('sha256', s, 'hex');

import { hash } from 'node:crypto';

/** Text written as is, between the values of the work stack. */
class Raw {
  constructor(readonly text: string) {}
}

/** Below this depth canonicalJson recurses; a deeper part (only hostile input) goes to the iterative form. */
const RECURSION_DEPTH = 64;

/**
 * JSON with object keys sorted at every depth: the byte form an event's hash is taken over.
 * Recursive, building one string, for the shallow values of every action (cheaper than the
 * iterative form, which allocates an object per punctuation mark); any part
 * deeper than RECURSION_DEPTH is written by the iterative form, so no depth exhausts the stack.
 */
export function canonicalJson(value: unknown): string {
  return recursive(value, 0);
}

function recursive(v: unknown, depth: number): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (depth >= RECURSION_DEPTH) return iterative(v);
  if (Array.isArray(v)) {
    let out = '[';
    for (let i = 0; i < v.length; i++) {
      if (i > 0) out += ',';
      out += v[i] === undefined ? 'null' : recursive(v[i], depth + 1);
    }
    return out + ']';
  }
  const obj = v as Record<string, unknown>;
  let out = '{';
  for (const key of Object.keys(obj).sort()) {
    const item = obj[key];
    if (item === undefined) continue;
    if (out.length > 1) out += ',';
    out += JSON.stringify(key) + ':' + recursive(item, depth + 1);
  }
  return out + '}';
}

/** The same form with a stack of values and punctuation instead of the call stack. */
function iterative(value: unknown): string {
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

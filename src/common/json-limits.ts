import type { NextFunction, Request, Response } from 'express';
import { ApiError } from './problems.js';

/**
 * Limits on every parsed JSON body (and query string), checked once here before anything
 * walks it recursively (class-transformer, the engines, the event hash) or stores it.
 * Deeper or longer than any request of CONTRACT.md needs: a hand record is 4 levels deep and
 * its longest list is a deck.
 */
export const MAX_JSON_DEPTH = 32;
export const MAX_ARRAY_LENGTH = 1000;

/** A location for the message: field names are the client's, so not echoed at any length. */
const shown = (path: string): string => (path === '' ? 'the body' : path.length > 120 ? `${path.slice(0, 120)}…` : path);

/** The first reason `value` is refused, or null. Iterative, so no input can exhaust the stack. */
export function jsonProblem(value: unknown): string | null {
  const stack: { v: unknown; depth: number; path: string }[] = [{ v: value, depth: 0, path: '' }];
  while (stack.length > 0) {
    const { v, depth, path } = stack.pop()!;
    if (typeof v === 'string') {
      const bad = stringProblem(v);
      if (bad) return `${shown(path)} ${bad}`;
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) return `the body is nested deeper than ${MAX_JSON_DEPTH} levels`;
    if (Array.isArray(v)) {
      if (v.length > MAX_ARRAY_LENGTH) return `${shown(path)} has ${v.length} items; at most ${MAX_ARRAY_LENGTH} are accepted`;
      v.forEach((item, i) => stack.push({ v: item, depth: depth + 1, path: `${path}[${i}]` }));
      continue;
    }
    for (const [key, item] of Object.entries(v)) {
      const bad = stringProblem(key);
      if (bad) return `a field name in ${shown(path)} ${bad}`;
      stack.push({ v: item, depth: depth + 1, path: path ? `${path}.${key}` : key });
    }
  }
  return null;
}

// (String.prototype.isWellFormed is ES2024, past this project's lib.)
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** PostgreSQL text cannot hold NUL, and an unpaired surrogate is no character at all. */
function stringProblem(s: string): string | null {
  if (s.includes('\u0000')) return 'contains a NUL character';
  if (LONE_SURROGATE.test(s)) return 'contains an unpaired surrogate (not valid Unicode)';
  return null;
}

/** Middleware after the JSON parser: 400 VALIDATION_FAILED for a body or query beyond the limits. */
export function jsonLimits(req: Request, _res: Response, next: NextFunction): void {
  const problem = jsonProblem(req.body) ?? jsonProblem(req.query);
  next(problem ? ApiError.of('VALIDATION_FAILED', problem) : undefined);
}

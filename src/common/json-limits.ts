import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import { ApiError } from './problems.js';

/**
 * Limits on every parsed JSON body (and query string), checked once here before anything
 * walks it recursively (class-transformer, the engines, the event hash) or stores it.
 * Deeper or longer than any request of docs/contract.md needs: a hand record is 4 levels deep and
 * its longest list is a deck.
 */
export const MAX_JSON_DEPTH = 32;
export const MAX_ARRAY_LENGTH = 1000;

/**
 * Field names that no request uses and that mean something to JavaScript objects: Nest's
 * validation strips them silently, so a rule option named so would be ignored rather than
 * refused; they are refused here, as any field no request knows is.
 */
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** A location for the message: field names are the client's, so not echoed at any length. */
const shown = (path: string): string => (path === '' ? 'the body' : path.length > 120 ? `${path.slice(0, 120)}…` : path);

/** The first reason `value` is refused, or null. */
export function jsonProblem(value: unknown): string | null {
  return withinLimits(value, 0) ? null : firstProblem(value);
}

/** Any character `stringProblem` could refuse: most strings need only this one scan. */
// eslint-disable-next-line no-control-regex -- NUL is one of the characters looked for
const SUSPECT = /[\u0000\uD800-\uDFFF]/;

/**
 * The check every request takes: no paths built (they are only for the message). Its
 * recursion ends at MAX_JSON_DEPTH, so no input can exhaust the stack.
 */
function withinLimits(v: unknown, depth: number): boolean {
  if (typeof v === 'string') return !SUSPECT.test(v) || stringProblem(v) === null;
  if (v === null || typeof v !== 'object') return true;
  if (depth >= MAX_JSON_DEPTH) return false;
  if (Array.isArray(v)) {
    if (v.length > MAX_ARRAY_LENGTH) return false;
    for (const item of v) if (!withinLimits(item, depth + 1)) return false;
    return true;
  }
  for (const key of Object.keys(v)) {
    if (RESERVED_KEYS.has(key)) return false;
    if (SUSPECT.test(key) && stringProblem(key) !== null) return false;
    if (!withinLimits((v as Record<string, unknown>)[key], depth + 1)) return false;
  }
  return true;
}

/** The first problem with its place in the body, for a value that failed `withinLimits`. Iterative. */
export function firstProblem(value: unknown): string | null {
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
      if (RESERVED_KEYS.has(key)) return `${shown(path)} has a field named "${key}", which no request uses`;
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

/** The largest body accepted; beyond it 413 PAYLOAD_TOO_LARGE. */
export const JSON_BODY_LIMIT = 100 * 1024;

/** Whitespace, then the first character of a body: JSON.parse's own whitespace (body-parser's strict mode). */
const FIRST_CHAR = /^[ \t\n\r]*(.)/;

/**
 * The one body parser: `application/json` only, as before on Express (body-parser's strict
 * mode): an empty body is `{}`, a body that is no object or array or no JSON at all is 400
 * VALIDATION_FAILED, and any other content type is not read (the route sees no body, as
 * before, rather than Fastify's 415).
 */
export function jsonBodyParser(fastify: FastifyInstance): void {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT }, (_req, body, done) => {
    const text = body as string;
    if (text.length === 0) return done(null, {});
    const first = FIRST_CHAR.exec(text)?.[1];
    if (first !== '{' && first !== '[') return done(notJson(`it starts with ${JSON.stringify(first ?? '')}, not { or [`));
    try {
      done(null, JSON.parse(text));
    } catch (err) {
      done(notJson((err as Error).message));
    }
  });
  fastify.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
}

const notJson = (why: string) => ApiError.of('VALIDATION_FAILED', `the body is not valid JSON: ${why}`);

/** Hook after the JSON parser: 400 VALIDATION_FAILED for a body or query beyond the limits. */
export const jsonLimits: preValidationHookHandler = (req, _reply, done) => {
  const problem = jsonProblem(req.body) ?? jsonProblem(req.query);
  done(problem ? ApiError.of('VALIDATION_FAILED', problem) : undefined);
};

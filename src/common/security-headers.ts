import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/** Helmet's strict defaults; both are served over plain HTTP locally, so nothing is upgraded to https. */
const STRICT: HelmetOptions = { contentSecurityPolicy: { directives: { 'style-src': ["'self'"], 'upgrade-insecure-requests': null } } };
/** Swagger UI at /docs gets the inline scripts and styles it needs, and only it. */
const DOCS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      'script-src': ["'self'", "'unsafe-inline'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'upgrade-insecure-requests': null,
    },
  },
};

/**
 * Helmet's headers for one policy, read once off a recording response: they depend on the
 * policy alone, so each answer just sets the list instead of running helmet's eleven
 * middlewares on every request (or, with @fastify/helmet, building helmet on every request),
 * a visible share of the server's CPU per action.
 */
function headersOf(policy: HelmetOptions): readonly (readonly [string, string])[] {
  const headers: [string, string][] = [];
  const recorder = { setHeader: (name: string, value: string) => headers.push([name, value]), removeHeader: () => undefined };
  helmet(policy)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}
const strict = headersOf(STRICT);
const docs = headersOf(DOCS);

const setAll = (res: ServerResponse, headers: readonly (readonly [string, string])[]): void => {
  for (const [name, value] of headers) res.setHeader(name, value);
};

/** The path of a request target, without its query. */
export const pathOf = (url: string): string => {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
};

const isDocs = (path: string) => path === '/docs' || path.startsWith('/docs/');

/**
 * Security headers (helmet) on every answer, 404s and errors included: set on the Node response
 * in a root `onRequest` hook, which Fastify keeps on whatever it sends.
 */
export function securityHeaders(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (req, reply, done) => {
    setAll(reply.raw, isDocs(pathOf(req.url)) ? docs : strict);
    done();
  });
}

/** The strict headers, for the answers Fastify's router gives before any hook runs (a URL it cannot decode). */
export function strictHeaders(_req: FastifyRequest, reply: FastifyReply): void {
  setAll(reply.raw, strict);
}

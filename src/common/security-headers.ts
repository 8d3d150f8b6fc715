import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';

/** Helmet's strict defaults; both are served over plain HTTP locally, so nothing is upgraded to https. */
const STRICT = { contentSecurityPolicy: { directives: { 'style-src': ["'self'"], 'upgrade-insecure-requests': null } } };
/** Swagger UI at /docs gets the inline scripts and styles it needs, and only it. */
const DOCS = {
  contentSecurityPolicy: {
    directives: {
      'script-src': ["'self'", "'unsafe-inline'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'upgrade-insecure-requests': null,
    },
  },
};

// Built once. (@fastify/helmet builds its helmet on every request, CSP parsing included: 2.7 %
// of the server's busy CPU under bench:api against 0.4 % for these two, issue 13.)
const strict = helmet(STRICT);
const docs = helmet(DOCS);

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
    (isDocs(pathOf(req.url)) ? docs : strict)(req.raw, reply.raw, () => done());
  });
}

/** The strict headers, for the answers Fastify's router gives before any hook runs (a URL it cannot decode). */
export function strictHeaders(req: FastifyRequest, reply: FastifyReply): void {
  strict(req.raw, reply.raw, () => undefined);
}

import fastifyHelmet from '@fastify/helmet';
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

const isDocs = (url: string) => url === '/docs' || url.startsWith('/docs/');

/**
 * Security headers (@fastify/helmet) on every answer, 404s and errors included; the routes of
 * /docs (registered later, by SwaggerModule) get the looser policy through their route config.
 */
export async function securityHeaders(fastify: FastifyInstance): Promise<void> {
  await fastify.register(fastifyHelmet, STRICT);
  fastify.addHook('onRoute', (route) => {
    if (isDocs(route.url)) route.config = { ...route.config, helmet: DOCS } as typeof route.config;
  });
}

const strict = helmet(STRICT);

/** The strict headers, for the answers Fastify's router gives before any hook runs (a URL it cannot decode). */
export function strictHeaders(req: FastifyRequest, reply: FastifyReply): void {
  strict(req.raw, reply.raw, () => undefined);
}

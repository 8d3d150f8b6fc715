import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import accepts from 'accepts';
import { pathOf } from './common/security-headers.js';
import { projectRoot } from './config/paths.js';

/**
 * The pages of the web app (its router, web/src/app.tsx). `/tables/{id}` is also an API route: a browser
 * navigating there asks for HTML first and gets the page, any API client (JSON or `*∕*`) the
 * API. Nothing else is ever shadowed: /docs, /health and every other path go on to the API;
 * only a browser asking for an address no route answers gets the app (with 404), not JSON.
 */
const PAGES = [
  /^\/$/,
  /^\/tables\/[^/]+$/,
  /^\/tables\/[^/]+\/hands$/,
  /^\/players\/[^/]+\/hands$/,
  /^\/players\/[^/]+$/,
  /^\/ratings\/[a-z]+$/,
  /^\/hands\/[^/]+\/replay$/,
  /^\/audit(\/.*)?$/,
  /^\/cards$/,
  /^\/devices$/,
  /^\/rules(\/[a-z]+)?$/,
];

/** Serves the built web app (dist/web, `npm run build`) from the API's own process and origin. */
export async function serveWebApp(app: NestFastifyApplication, root = path.join(projectRoot(), 'dist', 'web')): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance();
  // Hashed file names: cache for a year; a missing one is a 404 like any unknown route.
  await fastify.register(fastifyStatic, {
    root: path.join(root, 'assets'),
    prefix: '/assets/',
    immutable: true,
    maxAge: '1y',
    index: false,
    list: false,
    suppressWarning: true, // the tests run without `npm run build`
  });
  const index = path.join(root, 'index.html');
  fastify.addHook('onRequest', (req, reply, done) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return done();
    // A page, or — for a browser only — an address nothing answers: the app says in words that it is unknown.
    const page = PAGES.some((p) => p.test(pathOf(req.url)));
    if (!page && !req.is404) return done();
    const accept = req.headers.accept;
    if (accepts(req.raw).type(['application/json', 'text/html']) !== 'text/html' || !accept?.includes('text/html')) return done();
    if (!existsSync(index)) {
      void reply.code(503).type('text/plain').send('The web app is not built: run `npm run build` (or `npm start`).');
      return;
    }
    // index.html is always revalidated.
    void reply
      .code(page ? 200 : 404)
      .header('Cache-Control', 'no-cache')
      .sendFile('index.html', root, { cacheControl: false });
  });
}

import { existsSync } from 'node:fs';
import path from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { projectRoot } from './config/paths.js';

/**
 * The pages of the web app (web/src/routes.ts). `/tables/{id}` is also an API route: a browser
 * navigating there asks for HTML first and gets the page, any API client (JSON or `*∕*`) the
 * API. Nothing else is ever shadowed: /docs, /health and every other path go on to the API.
 */
const PAGES = [
  /^\/$/,
  /^\/tables\/[^/]+$/,
  /^\/tables\/[^/]+\/hands$/,
  /^\/players\/[^/]+\/hands$/,
  /^\/hands\/[^/]+\/replay$/,
  /^\/audit(\/.*)?$/,
  /^\/cards$/,
];

/** Serves the built web app (dist/web, `npm run build`) from the API's own process and origin. */
export function serveWebApp(app: NestExpressApplication, root = path.join(projectRoot(), 'dist', 'web')): void {
  const index = path.join(root, 'index.html');
  // Hashed file names: cache for a year; index.html is always revalidated.
  app.useStaticAssets(path.join(root, 'assets'), { prefix: '/assets/', immutable: true, maxAge: '1y', fallthrough: false });
  app.use((req: Request, res: Response, next: NextFunction) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !PAGES.some((p) => p.test(req.path))) return next();
    if (req.accepts(['application/json', 'text/html']) !== 'text/html' || !req.get('accept')?.includes('text/html')) return next();
    if (!existsSync(index)) {
      res.status(503).type('text/plain').send('The web app is not built: run `npm run build` (or `npm start`).');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}

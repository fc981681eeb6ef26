import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { AppError } from '@dcap/core';
import type { FastifyInstance } from 'fastify';

const NOT_BUILT_PAGE = `<!doctype html><meta charset="utf-8"><title>DCAP</title>
<p>The web app has not been built. Run <code>npm run build</code>, or start with <code>npm start</code>, which builds it.</p>`;

/**
 * Serves the single-page app on every path outside /dcap. Unknown /dcap paths answer the JSON envelope;
 * any other unknown GET gets index.html so the client router can show the page (or its own 404).
 */
export async function registerSpa(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const root = webDist && fs.existsSync(path.join(webDist, 'index.html')) ? webDist : undefined;
  if (root) {
    await app.register(fastifyStatic, { root, wildcard: false, index: false, maxAge: '1h', immutable: false });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/dcap') || (request.method !== 'GET' && request.method !== 'HEAD')) {
      throw new AppError('route.not_found', { method: request.method, url });
    }
    // A missing script or style (an old chunk after a release) must be a 404, not the page, or the
    // browser reports a MIME error instead of letting the app's chunk-failure handling reload.
    if (url.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(url)) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    if (!root) return reply.status(200).type('text/html').send(NOT_BUILT_PAGE);
    // The shell itself must not be cached, so a new release is picked up on the next load.
    return reply.header('cache-control', 'no-cache').sendFile('index.html', root);
  });
}

import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { webDistFolder } from '../lib/paths';

/** Serves the built SPA with a history fallback; API and file paths keep their JSON 404. */
export async function registerWebApp(app: FastifyInstance, distFolder = webDistFolder): Promise<void> {
  const hasWeb = existsSync(path.join(distFolder, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distFolder,
      decorateReply: false,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        res.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    const isApi = pathname.startsWith('/api/');
    const looksLikeFile = /\.[a-z0-9]{1,5}$/i.test(pathname);
    if (hasWeb && request.method === 'GET' && !isApi && !looksLikeFile) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', distFolder);
    }
    return reply.status(404).send({ message: `Route ${request.method} ${pathname} not found` });
  });
}

import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { webDistFolder } from '../lib/paths';
import { registerPublicScope } from './authGuard';

/**
 * The path as a browser or proxy might read it: `%xx` decoded, `//` collapsed, `.` and `..`
 * resolved, lower-cased. Only for choosing between the web page and a JSON 404: no access
 * decision is taken from a URL (the auth guard decides from the matched route).
 */
export function canonicalPathOf(url: string): string {
  let pathname = url.split(/[?#]/)[0];
  // Decoded until it stops changing (a proxy may decode once more than the router did).
  for (let round = 0; round < 3 && pathname.includes('%'); round += 1) {
    try {
      pathname = decodeURIComponent(pathname);
    } catch {
      break; // a malformed escape stays as it was
    }
  }
  if (!pathname.startsWith('/')) pathname = new URL(pathname, 'http://x').pathname; // absolute-form target
  return path.posix.normalize(pathname.replace(/\\/g, '/')).toLowerCase();
}

/** Paths that belong to the api or to uploads: an unknown one answers a JSON 404, never the web page. */
const NOT_THE_WEB_APP = /^\/(api|images|jobimg|blogimg|payment)(\/|$)/;

/** Serves the built SPA with a history fallback; API and file paths keep their JSON 404. */
export async function registerWebApp(app: FastifyInstance, distFolder = webDistFolder): Promise<void> {
  const hasWeb = existsSync(path.join(distFolder, 'index.html'));
  if (hasWeb) {
    await registerPublicScope(app, async (scope) => {
      await scope.register(fastifyStatic, {
        root: distFolder,
        decorateReply: false,
        wildcard: false,
        index: false,
        setHeaders: (reply, filePath) => {
          reply.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = canonicalPathOf(request.url);
    const looksLikeFile = /\.[a-z0-9]{1,5}$/.test(pathname);
    if (hasWeb && request.method === 'GET' && !NOT_THE_WEB_APP.test(pathname) && !looksLikeFile) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html', distFolder);
    }
    return reply.status(404).send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });
}

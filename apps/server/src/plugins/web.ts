// Serves the built web app on the API's port: hashed assets cached forever, SPA fallback for client routes.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './error-handler.ts';

/**
 * A path with a segment starting with a dot (/.env, /.vite/manifest.json, /assets/.x), decoded first so
 * /%2eenv is one too. The build manifest lists every source module, and a dotfile is never part of the app.
 */
export function isDotPath(url: string): boolean {
  let pathname = url.split('?')[0]!;
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    // Undecodable: judged as written.
  }
  return pathname.split(/[/\\]/).some((segment) => segment.startsWith('.'));
}

export async function registerWeb(app: FastifyInstance, distDir: string | undefined): Promise<void> {
  const indexFile = distDir ? path.join(distDir, 'index.html') : undefined;
  const hasWeb = Boolean(indexFile && existsSync(indexFile));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir!,
      wildcard: true,
      index: 'index.html',
      preCompressed: true,
      // Never serve dotfiles or dot-folders, however the path is spelled: they answer like any unknown file.
      dotfiles: 'ignore',
      allowedPath: (pathname) => !isDotPath(pathname),
      setHeaders(reply, filePath) {
        reply.header('X-Content-Type-Options', 'nosniff');
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          reply.header('Cache-Control', 'no-cache');
        }
      },
    });
  }
  const indexHtml = hasWeb ? await readFile(indexFile!, 'utf8') : undefined;

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0]!;
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && !path.extname(url);
    if (!url.startsWith('/api') && indexHtml && isPageRequest && !isDotPath(url)) {
      return reply.type('text/html').header('Cache-Control', 'no-cache').send(indexHtml);
    }
    return reply.status(404).send(errorBody(404, `Route ${request.method} ${url} not found`));
  });
}

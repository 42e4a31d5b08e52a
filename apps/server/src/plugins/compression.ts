// JSON answers over 1 KB compressed when the server is reached directly (a page of 24 listings: 27 KB raw, about 8 KB
// compressed). Behind a proxy that compresses (compose's Caddy), HTTP_COMPRESSION=false leaves it to the proxy.
// Static assets are precompressed and HTML shells compressed once (plugins/web.ts): they carry their own
// Content-Encoding, which the plugin leaves alone, and only JSON is considered here. Live event streams are
// hijacked replies the plugin never sees (and say so on their route). Figures: decision 019.
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

export const COMPRESSION_THRESHOLD = 1024;

export async function registerCompression(app: FastifyInstance, config: Pick<Config, 'HTTP_COMPRESSION'>): Promise<void> {
  if (!config.HTTP_COMPRESSION) return;
  await app.register(compress, {
    threshold: COMPRESSION_THRESHOLD,
    customTypes: /^application\/(?:[\w.-]+\+)?json\b/,
    encodings: ['br', 'gzip'],
    // Quality 4 (the plugin's default, said here because it matters): brotli's own default, 11, takes milliseconds
    // per page; 4 compresses a page smaller than gzip's default level in less time.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    // Request bodies stay as sent: nothing of ours posts compressed bodies, and inflating them would bypass bodyLimit's intent.
    globalDecompression: false,
  });
}

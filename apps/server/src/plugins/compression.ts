// JSON answers over 1 KB compressed (gzip, or brotli for a client that takes only that) when the server is reached directly (a page of 24 listings: 27 KB raw, about 8 KB
// compressed). Behind a proxy that compresses (compose's Caddy), HTTP_COMPRESSION=false leaves it to the proxy.
// Static assets are precompressed and HTML shells compressed once (plugins/web.ts): they carry their own
// Content-Encoding, which the plugin leaves alone, and only JSON is considered here. Live event streams are
// hijacked replies the plugin never sees (and say so on their route). Figures: decision 019.
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

export const COMPRESSION_THRESHOLD = 1024;
/** JSON answers up to this size are compressed in one call on the event loop, larger ones through a stream. */
export const SYNC_COMPRESSION_MAX = 64 * 1024;

export async function registerCompression(app: FastifyInstance, config: Pick<Config, 'HTTP_COMPRESSION'>): Promise<void> {
  if (!config.HTTP_COMPRESSION) return;
  await app.register(compress, {
    threshold: COMPRESSION_THRESHOLD,
    customTypes: /^application\/(?:[\w.-]+\+)?json\b/,
    // gzip first: at its default level a page of listings took 330-610 us where brotli at quality 4 took 1.2-1.5 ms
    // for 7% fewer bytes (decision 019); brotli's own default quality, 11, 120 ms. Brotli only for a client that
    // accepts nothing else.
    encodings: ['gzip', 'br'],
    // A page of listings (20-34 KB) compressed in one synchronous call: the stream path (a Readable from an async
    // iterator piped through a zlib stream) cost twice the CPU for the same bytes (decision 019). Larger answers
    // (an account's export) keep the stream.
    syncThreshold: SYNC_COMPRESSION_MAX,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    // Request bodies stay as sent: nothing of ours posts compressed bodies, and inflating them would bypass bodyLimit's intent.
    globalDecompression: false,
  });
}

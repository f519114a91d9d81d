import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

/**
 * Serves the built web app (web/dist) as CloudFront would: hashed assets cached forever,
 * index.html always revalidated, text compressed (brotli, else gzip), and every unknown
 * path without a file extension answered with index.html so the SPA's router takes over.
 * The security headers (nosniff and the rest) are the edge's, added by server.ts as CloudFront adds them.
 */
const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.webmanifest', '.svg', '.txt', '.xml']);
/** Vite names built assets `name-<hash>.ext` under assets/. */
const HASHED_ASSET = /^\/assets\/.+-[\w-]{8,}\.\w+$/;
const MIN_COMPRESS_BYTES = 1024;

export function contentTypeFor(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

export function cacheControlFor(urlPath: string): string {
  if (HASHED_ASSET.test(urlPath)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

/** The encoding to answer with, from Accept-Encoding (brotli preferred). */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || Number(q.trim().replace(/^q=/, '')) > 0)
    .map(([name]) => name.trim().toLowerCase());
  if (accepted.includes('br')) return 'br';
  if (accepted.includes('gzip')) return 'gzip';
  return undefined;
}

interface LoadedFile {
  body: Buffer;
  etag: string;
  compressed: Map<string, Buffer>;
}

export interface StaticSite {
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

export function createStaticSite(root: string): StaticSite {
  const cache = new Map<string, LoadedFile>();

  /** Reads a file under root (never outside it); null when there is no such file. */
  async function load(urlPath: string): Promise<{ file: LoadedFile; path: string } | null> {
    const relative = normalize(decodeURIComponent(urlPath)).replace(/^([/\\])+/, '');
    const path = join(root, relative);
    if (path !== root && !path.startsWith(root + sep)) return null;
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) return null;
    const etag = `"${info.size.toString(16)}-${info.mtimeMs.toString(16)}"`;
    const cached = cache.get(path);
    if (cached?.etag === etag) return { file: cached, path };
    const file = { body: await readFile(path), etag, compressed: new Map<string, Buffer>() };
    cache.set(path, file);
    return { file, path };
  }

  function compressed(file: LoadedFile, encoding: 'br' | 'gzip'): Buffer {
    let body = file.compressed.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(file.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } })
          : gzipSync(file.body, { level: 9 });
      file.compressed.set(encoding, body);
    }
    return body;
  }

  async function send(req: IncomingMessage, res: ServerResponse, urlPath: string, loaded: { file: LoadedFile; path: string }) {
    const { file, path } = loaded;
    const headers: Record<string, string> = {
      'content-type': contentTypeFor(path),
      'cache-control': cacheControlFor(urlPath),
      etag: file.etag,
    };
    if (req.headers['if-none-match'] === file.etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    let body = file.body;
    const extension = extname(path).toLowerCase();
    if (COMPRESSIBLE.has(extension) && body.length >= MIN_COMPRESS_BYTES) {
      headers.vary = 'Accept-Encoding';
      const encoding = chooseEncoding(req.headers['accept-encoding']);
      if (encoding) {
        body = compressed(file, encoding);
        headers['content-encoding'] = encoding;
      }
    }
    headers['content-length'] = String(body.length);
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  return {
    async handle(req, res) {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
        res.end('Method Not Allowed');
        return;
      }
      const urlPath = new URL(req.url ?? '/', 'http://local').pathname;
      let loaded: Awaited<ReturnType<typeof load>>;
      try {
        loaded = await load(urlPath === '/' ? '/index.html' : urlPath);
      } catch {
        loaded = null; // undecodable path
      }
      if (loaded) return send(req, res, urlPath, loaded);

      // A route of the SPA (no file extension): the app shell answers.
      const index = extname(urlPath) ? null : await load('/index.html');
      if (index) return send(req, res, '/index.html', index);

      if (!extname(urlPath)) {
        res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
        res.end('The web app is not built yet. Run `npm run build:web` (npm start does it) or use `npm run dev`.');
        return;
      }
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Not Found');
    },
  };
}

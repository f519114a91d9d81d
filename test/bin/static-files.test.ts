import { createServer, get as httpGet, type Server } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { chooseEncoding, createStaticSite } from '../../bin/local/static-files';

let root: string;
let server: Server;
let origin: string;
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'static-test-'));
  await mkdir(join(root, 'assets'));
  await writeFile(join(root, 'index.html'), '<!doctype html><title>App</title><div id="root"></div>');
  await writeFile(join(root, 'assets', 'index-AbC123xy.js'), script);
  await writeFile(join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(join(tmpdir(), 'outside-static-root.txt'), 'secret');
  const site = createStaticSite(root);
  server = createServer((req, res) => void site.handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(root, { recursive: true, force: true });
  await rm(join(tmpdir(), 'outside-static-root.txt'), { force: true });
});

/** Raw bytes and headers: fetch would decompress on its own. */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const url = new URL(origin);
    httpGet({ hostname: url.hostname, port: url.port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

describe('static site', () => {
  it('serves index.html for / and for SPA routes, never cached without revalidation', async () => {
    for (const path of ['/', '/tracks/42/participants']) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body.toString()).toContain('<div id="root">');
    }
  });

  it('caches hashed assets forever and compresses them (brotli preferred, gzip otherwise)', async () => {
    const brotli = await get('/assets/index-AbC123xy.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(script);

    const gzip = await get('/assets/index-AbC123xy.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script);

    const plain = await get('/assets/index-AbC123xy.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('answers 304 when the ETag matches', async () => {
    const first = await get('/favicon.svg');
    expect(first.headers['content-type']).toBe('image/svg+xml');
    const second = await get('/favicon.svg', { 'if-none-match': String(first.headers.etag) });
    expect(second.status).toBe(304);
  });

  it('answers 404 for a missing file with an extension and never leaves the root', async () => {
    expect((await get('/assets/missing-12345678.js')).status).toBe(404);
    expect((await get('/../outside-static-root.txt')).status).toBe(404);
    expect((await get('/%2e%2e/outside-static-root.txt')).status).toBe(404);
  });
});

describe('chooseEncoding', () => {
  it('prefers brotli, honours q=0 and falls back to none', () => {
    expect(chooseEncoding('gzip, br')).toBe('br');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
  });
});

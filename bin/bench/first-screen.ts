import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The JavaScript a browser must load before the first screen: the entry script and the
 * chunks index.html preloads (lazy feature pages are not counted, they load on navigation).
 */
export function firstScreenJs(distDir = 'web/dist'): { files: string[]; gzipBytes: number; rawBytes: number } {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  let gzipBytes = 0;
  let rawBytes = 0;
  for (const file of new Set(files)) {
    const content = readFileSync(join(distDir, file));
    rawBytes += content.length;
    gzipBytes += gzipSync(content, { level: 9 }).length;
  }
  return { files: [...new Set(files)], gzipBytes, rawBytes };
}

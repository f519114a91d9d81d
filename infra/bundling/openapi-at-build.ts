import type { Plugin } from 'esbuild';
import { brotliCompressSync } from 'node:zlib';
import { contracts } from '../../shared/api';
import { openApiDocument } from '../../shared/api/openapi';

/**
 * The app service answers `GET /api/app/openapi.json` with the description of every contract.
 * Made on a request, it needs every service's contracts and zod's JSON Schema conversion in the
 * bundle; the document depends on nothing but the contracts, so the bundle gets it made here, at
 * build time, in place of functions/http/app/load-openapi-document.ts: Brotli-packed (1.2 MB of
 * JSON is about 30 KB so, 40 KB as base64), unpacked on the request (the handler keeps it).
 */
export const openApiAtBuild: Plugin = {
  name: 'openapi-at-build',
  setup(build) {
    build.onResolve({ filter: /[/\\]load-openapi-document$/ }, (args) =>
      /functions[/\\]http[/\\]app[/\\]/.test(args.importer) ? { path: 'load-openapi-document', namespace: 'openapi-at-build' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'openapi-at-build' }, () => ({
      contents: [
        "import { brotliDecompressSync } from 'node:zlib';",
        `const packed = ${JSON.stringify(brotliCompressSync(JSON.stringify(openApiDocument(contracts))).toString('base64'))};`,
        'export const loadOpenApiDocument = async () => JSON.parse(brotliDecompressSync(Buffer.from(packed, "base64")).toString("utf8"));',
      ].join('\n'),
      loader: 'js',
    }));
  },
};

import type { Plugin } from 'esbuild';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * sanitize-html uses one thing from htmlparser2, its `Parser` (sanitize-html/index.js), but
 * requires the package's CommonJS index, which also brings the DOM handler, DomUtils, the
 * serializer and the entity encoder (about 50 KiB minified). The bundles get the module
 * that defines `Parser` instead (the same file the index re-exports it from).
 */
/** sanitize-html's folder, and the htmlparser2 module that defines `Parser` as sanitize-html resolves it. */
export function sanitizerModules(): { sanitizeHtml: string; parserModule: string } {
  const sanitizeHtml = dirname(createRequire(import.meta.url).resolve('sanitize-html/package.json'));
  return { sanitizeHtml, parserModule: join(dirname(createRequire(join(sanitizeHtml, 'index.js')).resolve('htmlparser2')), 'Parser.js') };
}

export const sanitizerParserOnly: Plugin = {
  name: 'sanitizer-parser-only',
  setup(build) {
    const { sanitizeHtml, parserModule } = sanitizerModules();
    build.onResolve({ filter: /^htmlparser2$/ }, (args) => (args.importer.startsWith(sanitizeHtml) ? { path: parserModule } : undefined));
  },
};

import type { Plugin } from 'esbuild';

/**
 * sanitize-html requires postcss (with source-map-js, about 90 KiB minified) only to filter
 * `style` attributes. Our allow-list (shared/rich-text/allow-list.ts) never allows `style` and
 * the sanitiser sets `parseStyleAttributes: false`, so the parser is never called; the bundles
 * get a stand-in whose `parse` throws (sanitize-html would then drop the attribute anyway).
 */
export const noStyleParser: Plugin = {
  name: 'no-style-parser',
  setup(build) {
    build.onResolve({ filter: /^postcss$/ }, (args) =>
      args.importer.includes('sanitize-html') ? { path: 'postcss', namespace: 'no-style-parser' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'no-style-parser' }, () => ({
      contents: 'export function parse() { throw new Error("style attributes are not parsed on the server"); }',
      loader: 'js',
    }));
  },
};

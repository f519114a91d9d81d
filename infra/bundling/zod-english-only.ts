import type { Plugin } from 'esbuild';
import { dirname, join, sep } from 'node:path';

/**
 * zod 4 re-exports every message locale (`z.locales.*`, about 260 KiB minified) from
 * locales/index.js, and `import { z }` keeps them all. The functions only use the English
 * default (which zod imports from locales/en.js directly), so the index is replaced by
 * one that exports English only. A function needing `z.locales.xx` would get undefined.
 */
export const zodEnglishOnly: Plugin = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /[/\\]locales[/\\]index\.js$/ }, (args) => {
      if (!args.resolveDir.includes(`${sep}node_modules${sep}zod${sep}`)) return undefined;
      return { path: join(args.resolveDir, args.path), namespace: 'zod-english-only' };
    });
    build.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, (args) => ({
      contents: 'export { default as en } from "./en.js";',
      resolveDir: dirname(args.path),
      loader: 'js',
    }));
  },
};

import type { Plugin } from 'esbuild';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';

export const ZOD_JSON_SCHEMA_LEFT_OUT = 'no-zod-json-schema: JSON Schema is made at build time, not in a Lambda bundle';

/** zod's modules that convert a schema to JSON Schema. */
const CONVERTERS = /[/\\]zod[/\\]v4[/\\]core[/\\](json-schema-processors|to-json-schema)\.js$/;

/**
 * zod's classic schemas link every schema to its JSON Schema converter (about 16 KiB minified in
 * every bundle) though no function converts one: the only JSON Schema the app serves, its API
 * description, is made at build time (openapi-at-build.ts). The bundles get stand-ins with the
 * same exports: a converter throws when called, and a factory (`create...`) returns one, since
 * zod makes its Standard Schema methods when a schema is built and calls them only to convert.
 */
export const noZodJsonSchema: Plugin = {
  name: 'no-zod-json-schema',
  setup(build) {
    build.onLoad({ filter: CONVERTERS }, (args) => ({
      contents: standIn(exportNames(readFileSync(args.path, 'utf8'))),
      resolveDir: dirname(args.path),
      loader: 'js',
    }));
  },
};

/** The names a module exports: declarations and `export { a as b }` lists. */
export function exportNames(source: string): string[] {
  const declared = [...source.matchAll(/^export (?:const|let|function|class) (\w+)/gm)].map((match) => match[1]);
  const listed = [...source.matchAll(/^export \{([^}]*)\}/gm)].flatMap((match) => match[1].split(',').map((part) => part.trim().split(/\s+as\s+/).at(-1)!).filter(Boolean));
  return [...new Set([...declared, ...listed])];
}

function standIn(names: string[]): string {
  const lines = [`const leftOut = () => { throw new Error(${JSON.stringify(ZOD_JSON_SCHEMA_LEFT_OUT)}); };`];
  for (const name of names) lines.push(`export const ${name} = ${name.startsWith('create') ? '() => leftOut' : 'leftOut'};`);
  return lines.join('\n');
}

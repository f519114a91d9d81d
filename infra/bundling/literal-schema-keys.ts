import type { Plugin } from 'esbuild';
import { readFile } from 'node:fs/promises';

/**
 * The AWS SDK clients describe every operation's shapes in one generated module
 * (`dist-es/schemas/schemas_0.js`) whose objects use computed keys naming module constants
 * (`{ [_hH]: _xarc }` with `const _hH = "httpHeader"`). esbuild cannot prove a computed key free
 * of side effects, so it keeps every shape of the service, used or not: the S3 client's module
 * weighed 66 KiB in a bundle that sends four commands. Writing those keys as the string
 * literals they name (the same object) lets the unused shapes go (S3's module: 14 KiB).
 */
export function literalSchemaKeys(source: string): string {
  const constants = new Map([...source.matchAll(/^const (_\w+) = ("[^"\\\n]*");$/gm)].map((m) => [m[1], m[2]]));
  return source.replace(/([{,]\s*)\[(_\w+)\]:/g, (whole, before: string, name: string) => {
    const literal = constants.get(name);
    return literal ? `${before}${literal}:` : whole;
  });
}

export const SDK_SCHEMA_MODULE = /@aws-sdk[/\\]client-[^/\\]+[/\\]dist-es[/\\]schemas[/\\]schemas_\d+\.js$/;

export const literalSchemaKeysPlugin: Plugin = {
  name: 'literal-schema-keys',
  setup(build) {
    build.onLoad({ filter: SDK_SCHEMA_MODULE }, async (args) => ({ contents: literalSchemaKeys(await readFile(args.path, 'utf8')), loader: 'js' }));
  },
};

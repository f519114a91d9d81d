import { dirname } from 'node:path';
import type { Plugin } from 'esbuild';

/** functions/lib/tracing.ts: the code's one way to tracing, doing nothing as written. */
const TRACING_MODULE = /[\\/]functions[\\/]lib[\\/]tracing\.ts$/;
const TRACER_PACKAGES = /^(@aws-lambda-powertools\/tracer|aws-xray-sdk-core)(\/|$)/;

/**
 * The `tracing` setting, at build time. The Powertools Tracer (with the X-Ray SDK, about 123 KB
 * minified) would put the largest bundle over ARCHITECTURE.md section 12's 1 MB budget, so only a
 * build asked for tracing has it: there functions/lib/tracing.ts is loaded as
 * functions/lib/tracing/x-ray.ts. Any other build keeps the do-nothing module and refuses the
 * Tracer's packages, so an import that bypasses functions/lib/tracing.ts fails the build rather
 * than growing every bundle.
 */
export function tracerWhenTraced(tracing: boolean): Plugin {
  return {
    name: tracing ? 'tracer-when-traced:on' : 'tracer-when-traced:off',
    setup(build) {
      if (tracing) {
        build.onLoad({ filter: TRACING_MODULE, namespace: 'file' }, (args) => ({
          contents: "export * from './tracing/x-ray';",
          resolveDir: dirname(args.path),
          loader: 'ts',
        }));
        return;
      }
      build.onResolve({ filter: TRACER_PACKAGES }, (args) => ({
        errors: [{ text: `${args.path} (imported by ${args.importer}) is bundled only when tracing is on: use functions/lib/tracing.ts` }],
      }));
    },
  };
}

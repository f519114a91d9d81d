import type { Plugin } from 'esbuild';
import { join } from 'node:path';

const PAGINATION_DIR = /[\\/]@aws-sdk[\\/]lib-dynamodb[\\/]dist-es[\\/]pagination[\\/]/;

/**
 * `@aws-sdk/lib-dynamodb`, unlike the SDK clients, does not declare itself free of side effects,
 * so esbuild keeps each of its paginator modules (a top-level `createPaginator(...)` call) and,
 * through them, the Query and Scan commands in every bundle. Nothing paginates with them; marked
 * side-effect free, they leave the bundles unless used, and Scan with them (its grant is refused:
 * infra/function-needs.ts).
 */
export const documentPaginators: Plugin = {
  name: 'document-paginators',
  setup(build) {
    build.onResolve({ filter: /^\.\/\w+Paginator$/ }, (args) =>
      PAGINATION_DIR.test(args.importer) ? { path: join(args.resolveDir, `${args.path}.js`), sideEffects: false } : undefined,
    );
  },
};

import type { Plugin } from 'esbuild';

/**
 * @react-email/render imports prettier (about 250 KiB minified) only for its `pretty` option,
 * which the worker never passes (functions/lib/email/render-email.ts): the bundles get
 * stand-ins whose `format` throws, so a call that did want it would fail loudly.
 */
export const noEmailPrettier: Plugin = {
  name: 'no-email-prettier',
  setup(build) {
    build.onResolve({ filter: /^prettier\/(standalone|plugins\/html)$/ }, (args) =>
      args.importer.includes('@react-email') ? { path: args.path, namespace: 'no-email-prettier' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'no-email-prettier' }, () => ({
      contents: 'export function format() { throw new Error("emails are not prettified on the server"); }',
      loader: 'js',
    }));
  },
};

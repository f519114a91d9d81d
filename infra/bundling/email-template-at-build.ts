import type { Plugin } from 'esbuild';
import { compileEmailTemplate } from '../../functions/lib/email/email-template';

/**
 * The worker renders emails by filling the layout compiled from react-email
 * (functions/lib/email/email-template.tsx). Compiling it needs React's server renderer and an
 * HTML-to-text converter (about 330 KiB minified), so the bundles get the compiled template as
 * a constant, made here at build time, in place of the module that compiles it on first use.
 */
export const emailTemplateAtBuild: Plugin = {
  name: 'email-template-at-build',
  setup(build) {
    build.onResolve({ filter: /[/\\]load-email-template$/ }, (args) =>
      /functions[/\\]lib[/\\]email[/\\]/.test(args.importer)
        ? { path: 'load-email-template', namespace: 'email-template-at-build' }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'email-template-at-build' }, async () => ({
      contents: `const template = ${JSON.stringify(await compileEmailTemplate())};\nexport const loadEmailTemplate = async () => template;`,
      loader: 'js',
    }));
  },
};

import type { Plugin } from 'esbuild';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

/**
 * Every AWS SDK client imports the default credential chain (`@aws-sdk/credential-provider-node`:
 * environment, ini files, SSO, login, process, web identity, container and instance metadata),
 * which brings nested STS/SSO clients: about 85 KiB minified in every bundle. Lambda hands a
 * function its role's credentials in environment variables, the first link of that chain, so the
 * bundles get the environment provider alone. Local runs (tsx, not bundles) keep the whole chain.
 */
export const lambdaEnvCredentials: Plugin = {
  name: 'lambda-env-credentials',
  setup(build) {
    const chainPackage = dirname(createRequire(import.meta.url).resolve('@aws-sdk/credential-provider-node/package.json'));
    build.onResolve({ filter: /^@aws-sdk\/credential-provider-node$/ }, () => ({ path: 'credential-provider-node', namespace: 'lambda-env-credentials' }));
    build.onLoad({ filter: /.*/, namespace: 'lambda-env-credentials' }, () => ({
      contents: 'import { fromEnv } from "@aws-sdk/credential-provider-env"; export const defaultProvider = (init) => fromEnv(init);',
      // Resolved as the chain's own package would resolve it.
      resolveDir: chainPackage,
      loader: 'js',
    }));
  },
};

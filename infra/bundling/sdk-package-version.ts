import type { Plugin } from 'esbuild';
import { readFile } from 'node:fs/promises';

/** An AWS SDK client's own package.json, as its runtimeConfig imports it (`import packageInfo from "../package.json"`). */
export const SDK_CLIENT_PACKAGE_JSON = /[\\/]@aws-sdk[\\/](client-[^\\/]+|nested-clients)[\\/]package\.json$/;

/**
 * Each AWS SDK client's runtimeConfig imports its whole package.json for one field, `version` (the
 * user agent), and esbuild bundles the whole object (description, scripts, every dependency, the
 * browser and react-native maps): about 2 KiB per client in every bundle, 10.7 KiB in the outbox
 * worker's five clients. The bundles get the name and the version only.
 */
export function packageVersionOnly(json: string): string {
  const { name, version } = JSON.parse(json) as { name?: string; version?: string };
  return JSON.stringify({ name, version });
}

export const sdkPackageVersion: Plugin = {
  name: 'sdk-package-version',
  setup(build) {
    build.onLoad({ filter: SDK_CLIENT_PACKAGE_JSON }, async (args) => ({ contents: packageVersionOnly(await readFile(args.path, 'utf8')), loader: 'json' }));
  },
};

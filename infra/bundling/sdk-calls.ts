import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Beside each bundle's index.mjs: the AWS SDK operations it holds, which the CDK app grants (infra/function-needs.ts). */
export const SDK_CALLS_FILE = 'sdk-calls.json';

/** `<client>:<Operation>` as the SDK names them (`cognito-identity-provider:AdminCreateUser`, `sesv2:SendEmail`). */
export type SdkCall = `${string}:${string}`;

/** A presigned POST signs a form, not a command, so its module stands for the upload it allows. */
export const PRESIGNED_POST_CALL: SdkCall = 's3-presigned-post:createPresignedPost';

const COMMAND = /node_modules\/@aws-sdk\/client-([a-z0-9-]+)\/dist-es\/commands\/(\w+)Command\.js$/;
const PRESIGNED_POST = /node_modules\/@aws-sdk\/s3-presigned-post\/dist-es\/createPresignedPost\.js$/;
const COMMONJS_CLIENT = /node_modules\/@aws-sdk\/client-[a-z0-9-]+\/dist-cjs\//;

/**
 * The operations an esbuild bundle can send, from its metafile output's `inputs`: esbuild lists
 * only the modules that contribute bytes, and each SDK command is a module of its own that tree
 * shaking drops when nothing reaches it. So a command module in the list is an operation some code
 * in the bundle can construct. (Granularity is the module that references it: an adapter object
 * with four methods brings all four.) The document client's commands (lib-dynamodb) wrap
 * client-dynamodb's, which are listed themselves.
 */
export function sdkCallsOf(inputs: Record<string, { bytesInOutput: number }>): SdkCall[] {
  const calls = new Set<SdkCall>();
  for (const [input, { bytesInOutput }] of Object.entries(inputs)) {
    // A client's CommonJS build is one file holding every command: nothing could be told apart.
    if (COMMONJS_CLIENT.test(input)) throw new Error(`${input}: a CommonJS AWS SDK client hides which operations the bundle calls; bundle its ES build`);
    if (bytesInOutput === 0) continue;
    const command = COMMAND.exec(input);
    if (command) calls.add(`${command[1]}:${command[2]}`);
    else if (PRESIGNED_POST.test(input)) calls.add(PRESIGNED_POST_CALL);
  }
  return [...calls].sort();
}

export function writeSdkCalls(bundleDir: string, calls: readonly SdkCall[]): void {
  writeFileSync(join(bundleDir, SDK_CALLS_FILE), `${JSON.stringify(calls, null, 2)}\n`);
}

/** What `writeSdkCalls` wrote; a bundle without it was not built by bin/build-functions.ts (or had the SDK external). */
export function readSdkCalls(bundleDir: string): SdkCall[] {
  const file = join(bundleDir, SDK_CALLS_FILE);
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build:functions\` (with the AWS SDK bundled) so each function's grants can be derived`);
  const calls: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(calls) || !calls.every((call) => typeof call === 'string' && call.includes(':'))) throw new Error(`${file}: expected a list of "<client>:<Operation>"`);
  return calls as SdkCall[];
}

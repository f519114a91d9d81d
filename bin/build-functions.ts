/**
 * `npm run build:functions`: one esbuild bundle per Lambda (each HTTP service and the outbox
 * worker) at dist/functions/<name>/index.mjs. The CDK app calls it before every synth/deploy;
 * the benchmark reuses it to measure bundle size and module load time.
 *
 *   tsx bin/build-functions.ts              build and print each bundle's size
 *   tsx bin/build-functions.ts --compare    also measure the "AWS SDK external" variant
 *   tsx bin/build-functions.ts --tracing    with the Powertools Tracer, as a deploy with `tracing` on
 */
import { build, type BuildOptions } from 'esbuild';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { services } from '../shared/api';
import { BUNDLE_FILE, DEFAULT_BUNDLES_DIR, bundleFolder, functionEntries } from '../infra/bundling/function-bundles';
import { lambdaEnvCredentials } from '../infra/bundling/lambda-env-credentials';
import { noStyleParser } from '../infra/bundling/no-style-parser';
import { literalSchemaKeysPlugin } from '../infra/bundling/literal-schema-keys';
import { electrodbCommands } from '../infra/bundling/electrodb-commands';
import { documentPaginators } from '../infra/bundling/document-paginators';
import { sanitizerParserOnly } from '../infra/bundling/sanitizer-parser-only';
import { emailTemplateAtBuild } from '../infra/bundling/email-template-at-build';
import { sdkPackageVersion } from '../infra/bundling/sdk-package-version';
import { electrodbModelsCheckedInTests } from '../infra/bundling/electrodb-models-checked-in-tests';
import { noEventStreams } from '../infra/bundling/no-event-streams';
import { noZodJsonSchema } from '../infra/bundling/no-zod-json-schema';
import { openApiAtBuild } from '../infra/bundling/openapi-at-build';
import { tracerWhenTraced } from '../infra/bundling/tracer-when-traced';
import type { FormationSettings } from '../infra/settings';
import { packageShares, type PackageShare } from '../infra/bundling/package-shares';
import { sdkCallsOf, writeSdkCalls, type SdkCall } from '../infra/bundling/sdk-calls';

const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** ESM output still meets CommonJS dependencies that call require() on Node built-ins. */
const REQUIRE_SHIM = "import{createRequire as __createRequire}from'node:module';const require=__createRequire(import.meta.url);";

export interface BuildFunctionsOptions {
  /** Output folder (default dist/functions under the project root). */
  outDir?: string;
  /** Only these bundles (default: every service and the outbox worker). */
  names?: readonly string[];
  /**
   * Leave `@aws-sdk/*` to the copy the Lambda Node 22 runtime ships. Off by default: bundling
   * pins the SDK version we test with and only the clients we import end up in the bundle.
   */
  externalAwsSdk?: boolean;
  /** Do not print the size table. */
  quiet?: boolean;
  /**
   * Bundle the Powertools Tracer (the `tracing` setting): each request and AWS SDK call recorded in
   * X-Ray. Off by default, and then no bundle holds it (infra/bundling/tracer-when-traced.ts).
   */
  tracing?: boolean;
}

export interface BuiltFunction {
  name: string;
  bytes: number;
  outfile: string;
  /** Bytes each package (or our own top folder) contributes to the minified output, largest first. */
  packages: PackageShare[];
  /** The AWS SDK operations the bundle can send (empty with the SDK external: then nothing is written for the grants). */
  sdkCalls: SdkCall[];
  /** The source files (relative to the project root) that contribute bytes to the bundle, from esbuild's metafile. */
  inputs: string[];
}

/**
 * The esbuild options of every Lambda bundle, without entries and output: the tests bundle single
 * modules with them too, to check that the bundling plugins keep behaviour.
 */
export function lambdaBuildOptions(opts: Pick<BuildFunctionsOptions, 'externalAwsSdk' | 'tracing'> = {}): BuildOptions {
  return {
    absWorkingDir: PROJECT_ROOT,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    // Prefer the ESM builds of dependencies: they tree-shake far better (notably the AWS SDK).
    mainFields: ['module', 'main'],
    minify: true,
    treeShaking: true,
    // A separate .map file plus its link comment, so NODE_OPTIONS=--enable-source-maps finds it.
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'none',
    banner: { js: REQUIRE_SHIM },
    external: opts.externalAwsSdk ? ['@aws-sdk/*'] : [],
    // React (the worker renders emails with it) ships development and production builds; keep only the latter.
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [lambdaEnvCredentials, noStyleParser, literalSchemaKeysPlugin, electrodbCommands, documentPaginators, sanitizerParserOnly, emailTemplateAtBuild, sdkPackageVersion, noEventStreams, electrodbModelsCheckedInTests, openApiAtBuild, noZodJsonSchema, tracerWhenTraced(opts.tracing ?? false)],
    logLevel: 'warning',
  };
}

/** What a deploy's settings ask of its bundles: the CDK app builds with these (bin/cdk.ts). */
export function deployBuildOptions(settings: Pick<FormationSettings, 'tracing'>): Pick<BuildFunctionsOptions, 'tracing'> {
  return { tracing: settings.tracing };
}

export async function buildFunctions(opts: BuildFunctionsOptions = {}): Promise<BuiltFunction[]> {
  const outDir = resolve(PROJECT_ROOT, opts.outDir ?? DEFAULT_BUNDLES_DIR);
  const entries = functionEntries(services).filter((e) => !opts.names || opts.names.includes(e.name));
  // Start clean so a removed dependency or service never leaves stale files in an asset.
  for (const { name } of entries) rmSync(bundleFolder(outDir, name), { recursive: true, force: true });

  const result = await build({
    ...lambdaBuildOptions(opts),
    entryPoints: Object.fromEntries(entries.map((e) => [`${e.name}/index`, e.entry])),
    outdir: outDir,
    metafile: true,
  });

  const built = entries.map(({ name }) => {
    const outfile = join(bundleFolder(outDir, name), BUNDLE_FILE);
    const output = result.metafile.outputs[relative(PROJECT_ROOT, outfile).split(sep).join('/')];
    // The CDK app grants each function exactly these (infra/function-needs.ts); with the SDK
    // external they cannot be known, so no file is written and a synth refuses the bundle.
    const sdkCalls = opts.externalAwsSdk ? [] : sdkCallsOf(output.inputs);
    if (!opts.externalAwsSdk) writeSdkCalls(bundleFolder(outDir, name), sdkCalls);
    const inputs = Object.entries(output.inputs).flatMap(([input, { bytesInOutput }]) => (bytesInOutput > 0 ? [input] : []));
    return { name, bytes: statSync(outfile).size, outfile, packages: packageShares(output.inputs), sdkCalls, inputs };
  });
  if (!opts.quiet) printSizes(built);
  return built;
}

function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

function printSizes(built: BuiltFunction[]): void {
  const width = Math.max(...built.map((b) => b.name.length));
  for (const b of built) console.log(`  ${b.name.padEnd(width)}  ${kib(b.bytes).padStart(10)}  ${b.outfile}`);
}

/** Builds both variants into temporary folders and prints the sizes side by side. */
async function compareSdkBundling(): Promise<void> {
  const variants = await Promise.all(
    [false, true].map(async (externalAwsSdk) => {
      const outDir = mkdtempSync(join(tmpdir(), 'formation-bundles-'));
      try {
        return await buildFunctions({ outDir, externalAwsSdk, quiet: true });
      } finally {
        rmSync(outDir, { recursive: true, force: true });
      }
    }),
  );
  const [bundled, external] = variants;
  console.log('\n  bundle          SDK bundled   SDK external');
  bundled.forEach((b, i) => console.log(`  ${b.name.padEnd(14)}  ${kib(b.bytes).padStart(11)}  ${kib(external[i].bytes).padStart(13)}`));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const started = performance.now();
  await buildFunctions({ externalAwsSdk: process.argv.includes('--external-sdk'), tracing: process.argv.includes('--tracing') });
  console.log(`Built in ${Math.round(performance.now() - started)} ms`);
  if (process.argv.includes('--compare')) await compareSdkBundling();
}

/**
 * The CDK app (cdk.json runs it): bundles the functions, then defines the four stacks.
 * Works offline: no lookups; stacks are environment-agnostic unless the CLI supplies an
 * account and region (CDK_DEFAULT_ACCOUNT / CDK_DEFAULT_REGION from your AWS profile).
 */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { fileURLToPath } from 'node:url';
import { services } from '../shared/api';
import { tableDefinition } from '../functions/db/table';
import { addFormationStacks } from '../infra/formation-app';
import { DEFAULT_BUNDLES_DIR } from '../infra/bundling/function-bundles';
import { readSettings } from '../infra/settings';
import { buildFunctions, deployBuildOptions } from './build-functions';

const root = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

const app = new App();
// Fails (rather than warns) on a missing mailFrom when the CLI knows the account: that synth is for a deploy.
const settings = readSettings((key) => app.node.tryGetContext(key));

// Always bundle fresh, so a deploy can never ship stale function code (with the Tracer when `tracing` is on).
await buildFunctions({ outDir: root(DEFAULT_BUNDLES_DIR), quiet: true, ...deployBuildOptions(settings) });

const account = process.env.CDK_DEFAULT_ACCOUNT;
const region = process.env.CDK_DEFAULT_REGION;

addFormationStacks(app, {
  settings,
  tableDefinition,
  services,
  bundlesDir: root(DEFAULT_BUNDLES_DIR),
  siteDir: root('web/dist'),
  env: account && region ? { account, region } : undefined,
});

// Synth (and so every deploy) fails on a cdk-nag AwsSolutions finding without a written reason,
// as test/infra/nag.test.ts does (docs/deploy.md).
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));

app.synth();

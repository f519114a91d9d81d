import { App, type Environment, type Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { services } from '../../../shared/api';
import { tableDefinition } from '../../../functions/db/table';
import { addFormationStacks, type FormationStacks } from '../../../infra/formation-app';
import { BUNDLE_FILE, functionEntries } from '../../../infra/bundling/function-bundles';
import { writeSdkCalls, type SdkCall } from '../../../infra/bundling/sdk-calls';
import { SDK_GRANTS } from '../../../infra/function-needs';
import { readSettings } from '../../../infra/settings';

/** Loading and synthesizing aws-cdk-lib takes seconds on a busy machine; hooks default to 10 s. */
export const SYNTH_TIMEOUT = 120_000;

export const TEST_DOMAIN = 'formation.example.org';
export const TEST_CERTIFICATE = 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555';
export const TEST_MAIL_FROM = 'no-reply@example.org';

/**
 * Stand-ins for the esbuild bundles and the built SPA: the stacks only need the folders. Each
 * stand-in bundle calls every operation SDK_GRANTS knows, so every kind of grant is synthesized;
 * who gets what is checked on the real bundles (function-grants.test.ts).
 */
function placeholderAssets(): { bundlesDir: string; siteDir: string } {
  const root = mkdtempSync(join(tmpdir(), 'formation-infra-'));
  const bundlesDir = join(root, 'functions');
  for (const { name } of functionEntries(services)) {
    mkdirSync(join(bundlesDir, name), { recursive: true });
    writeFileSync(join(bundlesDir, name, BUNDLE_FILE), 'export const handler = async () => ({ statusCode: 200 });\n');
    writeSdkCalls(join(bundlesDir, name), Object.keys(SDK_GRANTS) as SdkCall[]);
  }
  const siteDir = join(root, 'site');
  mkdirSync(join(siteDir, 'assets'), { recursive: true });
  writeFileSync(join(siteDir, 'index.html'), '<!doctype html><title>Formation</title>');
  writeFileSync(join(siteDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  return { bundlesDir, siteDir };
}

export interface SynthesizedFormation {
  stacks: FormationStacks;
  templates: { data: Template; auth: Template; api: Template; web: Template; edge: Template };
}

export const CUSTOM_DOMAIN_SETTINGS = { APP_DOMAIN: TEST_DOMAIN, CERTIFICATE_ARN: TEST_CERTIFICATE, MAIL_FROM: TEST_MAIL_FROM };

/**
 * Synthesizes the real stacks offline, as `npm run synth` does, with the given settings
 * (environment-variable form). CDK's built-in CloudFormation validation costs seconds per
 * process, so only the test that is about it turns it on, and then errors fail the synth.
 * `bundlesDir`: real bundles (bin/build-functions.ts output) instead of the stand-ins.
 */
export function synthFormation(env: Record<string, string> = CUSTOM_DOMAIN_SETTINGS, opts: { validate?: boolean; aws?: Environment; bundlesDir?: string } = {}): SynthesizedFormation {
  const app = new App({
    builtinCloudFormationValidation: opts.validate ?? false,
    context: opts.validate ? { '@aws-cdk/core:validateAgainstDefaultRules': true } : {},
  });
  const settings = readSettings(() => undefined, env);
  const placeholders = placeholderAssets();
  const stacks = addFormationStacks(app, { settings, tableDefinition, services, env: opts.aws, ...placeholders, bundlesDir: opts.bundlesDir ?? placeholders.bundlesDir });
  // No stack depends on itself by construction; skipping the check saves seconds.
  const template = (stack: Stack) => Template.fromStack(stack, { skipCyclicalDependenciesCheck: true });
  return {
    stacks,
    templates: { data: template(stacks.data), auth: template(stacks.auth), api: template(stacks.api), web: template(stacks.web), edge: template(stacks.edge) },
  };
}

import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CUSTOM_DOMAIN_SETTINGS, SYNTH_TIMEOUT, synthFormation } from './support/synth-formation';

/**
 * cfn-lint (AWS's CloudFormation linter, a Python tool) over the synthesized templates: it knows
 * each resource type's properties, allowed values and region support, which CDK's own checks do
 * not. It is installed with pip (`pip install cfn-lint`), not from npm; machines without it skip
 * this file and say so, CI's machine image has it (cfn-lint 1.51).
 */
const available = spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' }).status === 0;

/**
 * Warnings accepted, each with the reason. W3005 ("DependsOn already enforced by a GetAtt"): CDK
 * makes every function depend on its role and on the role's default policy; the policy is not
 * referenced, so the DependsOn list is needed, and CDK writes the role into it as well.
 */
const ACCEPTED_WARNINGS: Record<string, string> = { W3005: 'CDK lists a function role in DependsOn beside its GetAtt' };

interface Finding { Level: 'Error' | 'Warning' | 'Informational'; Rule: { Id: string }; Message: string; Filename: string; Location: { Path: unknown[] } }

function lint(settings: Record<string, string>, aws?: { account: string; region: string }): Finding[] {
  const { templates } = synthFormation(settings, { aws });
  const dir = mkdtempSync(join(tmpdir(), 'formation-cfn-lint-'));
  const files = Object.entries(templates).map(([name, template]) => {
    const file = join(dir, `${name}.template.json`);
    writeFileSync(file, JSON.stringify(template.toJSON(), null, 1));
    return file;
  });
  // Exit codes are a bit mask of the levels found; the JSON on stdout is what counts.
  const run = spawnSync('cfn-lint', ['--format', 'json', '--regions', aws?.region ?? 'us-east-1', '--', ...files], { encoding: 'utf8' });
  if (run.error) throw run.error;
  return JSON.parse(run.stdout || '[]') as Finding[];
}

const readable = (f: Finding) => `${f.Level} ${f.Rule.Id} in ${f.Filename.split('/').pop()} at ${f.Location.Path.join('/')}: ${f.Message}`;

describe.skipIf(!available)('cfn-lint over the synthesized templates', () => {
  const configurations = {
    'a custom domain': { settings: CUSTOM_DOMAIN_SETTINGS, aws: undefined },
    'a known account in eu-west-1': { settings: CUSTOM_DOMAIN_SETTINGS, aws: { account: '123456789012', region: 'eu-west-1' } },
  };
  for (const [name, { settings, aws }] of Object.entries(configurations)) {
    it(`finds no error and no unexplained warning with ${name}`, () => {
      const findings = lint(settings, aws);
      expect(findings.filter((f) => f.Level === 'Error').map(readable)).toEqual([]);
      expect(findings.filter((f) => f.Level === 'Warning' && !(f.Rule.Id in ACCEPTED_WARNINGS)).map(readable)).toEqual([]);
    }, SYNTH_TIMEOUT);
  }
});

if (!available) console.warn('cfn-lint is not installed (pip install cfn-lint): test/infra/cfn-lint.test.ts skipped.');

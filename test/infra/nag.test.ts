import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { CUSTOM_DOMAIN_SETTINGS, SYNTH_TIMEOUT, synthFormation } from './support/synth-formation';

/** Every AwsSolutions finding not acknowledged with a reason, as "rule at path" lines (readable when the test fails). */
function unexplainedFindings(root: IConstruct): string[] {
  const { violations } = new AwsSolutionsChecks().validateScope(root);
  return violations.flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} (${v.severity}) at ${r.constructPath}: ${v.description}`));
}

/** Every AwsSolutions acknowledgement in the app: rule id and reason (CDK records its own under other ids). */
function acknowledgements(root: IConstruct): Array<{ id: string; reason: string; path: string }> {
  return root.node.findAll().flatMap((c) =>
    c.node.metadata
      .filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((m) => Object.entries(m.data as Record<string, string>).map(([id, reason]) => ({ id, reason, path: c.node.path }))),
  ).filter(({ id }) => id.includes('AwsSolutions-'));
}

const configurations = {
  'a custom domain': { settings: CUSTOM_DOMAIN_SETTINGS, aws: undefined },
  'no settings (CloudFront domain, placeholders)': { settings: {}, aws: undefined },
  'a known account in another region than us-east-1': { settings: CUSTOM_DOMAIN_SETTINGS, aws: { account: '123456789012', region: 'eu-west-1' } },
};

describe('cdk-nag AwsSolutions', () => {
  for (const [name, { settings, aws }] of Object.entries(configurations)) {
    it(`finds nothing unexplained with ${name}`, () => {
      const { stacks } = synthFormation(settings, { aws });
      expect(unexplainedFindings(stacks.data.node.root)).toEqual([]);
    }, SYNTH_TIMEOUT);
  }

  it('accepts only acknowledgements that give a reason', () => {
    const { stacks } = synthFormation();
    const all = acknowledgements(stacks.data.node.root);
    expect(all.length).toBeGreaterThan(0);
    for (const { id, reason, path } of all) {
      expect(id, path).toMatch(/AwsSolutions-[A-Z]+\d+(\[.+\])?$/);
      expect(reason.length, `${id} at ${path}`).toBeGreaterThan(60);
    }
  }, SYNTH_TIMEOUT);
});

import { AwsSolutionsChecks } from 'cdk-nag';
import { readSettings } from '../../infra/settings';
import { CUSTOM_DOMAIN_SETTINGS, SYNTH_TIMEOUT, synthFormation } from './support/synth-formation';

const tracingModes = (settings: Record<string, string>) => {
  const { stacks, templates } = synthFormation(settings);
  const functions = Object.values(templates.api.findResources('AWS::Lambda::Function')) as Array<{ Properties: { TracingConfig?: { Mode: string } } }>;
  return { stacks, modes: functions.map((fn) => fn.Properties.TracingConfig?.Mode ?? 'none') };
};

describe('the tracing setting', () => {
  it('is off unless set to on, and refuses anything else', () => {
    expect(readSettings(() => undefined, {}).tracing).toBe(false);
    expect(readSettings(() => undefined, { TRACING: 'on' }).tracing).toBe(true);
    expect(() => readSettings(() => undefined, { TRACING: 'yes' })).toThrow(/tracing/);
  });

  it('off: no function is traced', () => {
    const { modes } = tracingModes(CUSTOM_DOMAIN_SETTINGS);
    expect(modes.length).toBeGreaterThan(1);
    expect(new Set(modes)).toEqual(new Set(['none']));
  }, SYNTH_TIMEOUT);

  it('on: every function has X-Ray active tracing, and cdk-nag finds nothing unexplained', () => {
    const { stacks, modes } = tracingModes({ ...CUSTOM_DOMAIN_SETTINGS, TRACING: 'on' });
    expect(new Set(modes)).toEqual(new Set(['Active']));
    const { violations } = new AwsSolutionsChecks().validateScope(stacks.api);
    expect(violations.flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} at ${r.constructPath}`))).toEqual([]);
  }, SYNTH_TIMEOUT);
});

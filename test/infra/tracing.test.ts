import { AwsSolutionsChecks } from 'cdk-nag';
import { readSettings } from '../../infra/settings';
import { deployBuildOptions, lambdaBuildOptions } from '../../bin/build-functions';
import { CUSTOM_DOMAIN_SETTINGS, SYNTH_TIMEOUT, synthFormation } from './support/synth-formation';

/** The bundling plugins a synth (bin/cdk.ts) builds the bundles with, for these settings. */
const buildPlugins = (settings: Record<string, string>) => lambdaBuildOptions(deployBuildOptions(readSettings(() => undefined, settings))).plugins!.map((p) => p.name);

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

  it('off: no function is traced, and the bundles are built without the Tracer', () => {
    const { modes } = tracingModes(CUSTOM_DOMAIN_SETTINGS);
    expect(modes.length).toBeGreaterThan(1);
    expect(new Set(modes)).toEqual(new Set(['none']));
    expect(buildPlugins(CUSTOM_DOMAIN_SETTINGS)).toContain('tracer-when-traced:off');
  }, SYNTH_TIMEOUT);

  it('on: every function has X-Ray active tracing and is built with the Tracer, and cdk-nag finds nothing unexplained', () => {
    const { stacks, modes } = tracingModes({ ...CUSTOM_DOMAIN_SETTINGS, TRACING: 'on' });
    expect(new Set(modes)).toEqual(new Set(['Active']));
    // The bundles themselves: tracing-bundles.test.ts.
    expect(buildPlugins({ ...CUSTOM_DOMAIN_SETTINGS, TRACING: 'on' })).toContain('tracer-when-traced:on');
    const { violations } = new AwsSolutionsChecks().validateScope(stacks.api);
    expect(violations.flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} at ${r.constructPath}`))).toEqual([]);
  }, SYNTH_TIMEOUT);
});

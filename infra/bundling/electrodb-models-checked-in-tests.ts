import type { Plugin } from 'esbuild';

/**
 * ElectroDB checks every entity's model against a JSON Schema when the entity is constructed,
 * with the `jsonschema` validator (about 29 KiB minified in every bundle, and work on every cold
 * start). Our models are constants in functions/db/entities: the same check runs with the real
 * validator whenever the sources load them (every test and `npm start`, and
 * test/functions/db/entity-models.unit.test.ts names it), so a bad model never reaches a build.
 * ElectroDB also asks the validator whether a value is a model or an Entity or Service it built
 * (util.getInstanceType, when a Service is given its entities): the stand-in answers that as the
 * schema did, refusing anything that carries ElectroDB's `_instance` mark, and accepts the rest.
 */
export const electrodbModelsCheckedInTests: Plugin = {
  name: 'electrodb-models-checked-in-tests',
  setup(build) {
    build.onResolve({ filter: /^jsonschema$/ }, (args) =>
      /[\\/]electrodb[\\/]/.test(args.importer) ? { path: 'jsonschema', namespace: 'electrodb-models-checked-in-tests' } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'electrodb-models-checked-in-tests' }, () => ({
      contents: [
        'const built = [{ property: "instance", message: "is an ElectroDB instance, not a model" }];',
        'class Validator { addSchema() {} validate(value) { return { errors: value && typeof value === "object" && "_instance" in value ? built : [] }; } }',
        'Validator.prototype.customFormats = {};',
        'module.exports = { Validator };',
      ].join('\n'),
      loader: 'js',
    }));
  },
};

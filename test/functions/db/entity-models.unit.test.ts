import { Entity } from 'electrodb';
import { entities } from '../../../functions/db/entities';

// The Lambda bundles leave ElectroDB's model validator out (infra/bundling/electrodb-models-checked-in-tests.ts):
// this is where every model meets the real one.
describe("every entity's model", () => {
  it('passes ElectroDB’s model check', () => {
    for (const [name, entity] of Object.entries(entities)) {
      expect(() => new Entity(entity.schema as never), name).not.toThrow();
    }
    expect(Object.keys(entities).length).toBeGreaterThan(50);
  });

  it('is refused when malformed, so the check above can fail', () => {
    const { user } = entities;
    const broken = { ...user.schema, attributes: { ...user.schema.attributes, bogus: { type: 'string', required: 'yes' } } };
    expect(() => new Entity(broken as never)).toThrow(/required/);
  });
});

import { Entity } from 'electrodb';
import { SERVICE, createdAt } from './attributes';

/**
 * A unique name, held by one owner (ARCHITECTURE.md section 5): "location:Church under
 * district X is called 'grace chapel'", "a role called 'treasurer'". Created in the same
 * transaction as its owner with attribute_not_exists, and moved on rename (old one deleted
 * on condition that we own it, new one created), so of two concurrent creates of one name
 * exactly one commits. Never a Query: the key itself is the check.
 */
export const claim = new Entity({
  model: { entity: 'claim', version: '1', service: SERVICE },
  attributes: {
    /** What kind of name: `location:Church`, `role`, `tag` ... */
    kind: { type: 'string', required: true, readOnly: true },
    /** Where the name must be unique: a parent location id, or `global`. */
    scope: { type: 'string', required: true, readOnly: true },
    /** The normalised name (see claims.ts). */
    name: { type: 'string', required: true, readOnly: true },
    /** The id of the item holding the name. */
    ownerId: { type: 'string', required: true, readOnly: true },
    createdAt,
  },
  indexes: {
    byName: {
      pk: { field: 'pk', composite: ['kind', 'scope', 'name'] },
      sk: { field: 'sk', composite: [] },
    },
  },
});

import type { Entity, EntityIdentifiers, EntityItem, UpdateEntityItem } from 'electrodb';

/**
 * Optimistic concurrency (ARCHITECTURE.md section 5): every mutable item has a `version`;
 * a write names the version it was based on and fails when the item has moved on, so
 * concurrent edits never silently overwrite each other. StaleVersionError is a 409.
 */
export { StaleVersionError } from '../lib/errors';
import { StaleVersionError } from '../lib/errors';

type AnyEntity = Entity<any, any, any, any>;

/** A `where` callback for conditional writes, also inside transactions: `.where(ifVersion(3))`. */
export function ifVersion(expected: number) {
  return (attributes: any, operations: any): string => operations.eq(attributes.version, expected);
}

/** True when DynamoDB rejected a write because its condition did not hold. */
export function isConditionFailure(error: unknown): boolean {
  for (let current: any = error; current; current = current.cause) {
    if (current.name === 'ConditionalCheckFailedException') return true;
  }
  return false;
}

/**
 * Applies `changes` when the item is still at `expectedVersion`, adding 1 to its version
 * (and removes the attributes named in `remove`, for fields a user cleared). Returns the updated item, or null when there is no such item; throws StaleVersionError
 * when it exists at another version.
 */
export async function updateVersioned<E extends AnyEntity>(
  entity: E,
  key: EntityIdentifiers<E>,
  expectedVersion: number,
  changes: Partial<UpdateEntityItem<E>>,
  remove: string[] = [],
): Promise<EntityItem<E> | null> {
  const anyEntity = entity as any;
  try {
    const patch = anyEntity.patch(key).set(changes);
    const { data } = await (remove.length ? patch.remove(remove) : patch).add({ version: 1 }).where(ifVersion(expectedVersion)).go({ response: 'all_new' });
    return data as EntityItem<E>;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // patch also requires the item to exist: tell "gone" from "moved on".
    const { data: current } = await anyEntity.get(key).go({ consistent: true });
    if (!current) return null;
    throw new StaleVersionError(undefined, current.version);
  }
}

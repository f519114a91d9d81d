/**
 * Attribute definitions every entity repeats: timestamps, the optimistic-concurrency
 * version and the TTL. Spread them into an entity's `attributes`.
 */
const now = () => new Date().toISOString();

/** ElectroDB's `model.service`: the first word of every key. Changing it orphans all data. */
export const SERVICE = 'formation';

export const createdAt = { type: 'string', required: true, readOnly: true, default: now } as const;

/** Refreshed on every write; a seed or import may pass its own value. */
export const updatedAt = {
  type: 'string',
  required: true,
  default: now,
  watch: '*',
  set: (value?: string) => value ?? now(),
} as const;

export const timestamps = { createdAt, updatedAt } as const;

/** Starts at 1; every update is conditioned on it and adds 1 (see ../versioned.ts). */
export const version = { type: 'number', required: true, default: 1 } as const;

/** Epoch seconds; DynamoDB deletes the item some time after it passes. */
export const ttl = { type: 'number' } as const;

export const stringList = { type: 'list', items: { type: 'string' } } as const;

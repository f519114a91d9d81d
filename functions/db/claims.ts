import { ValidationError } from '../lib/errors';
import { normaliseTerm } from './directory';
import type { GuardedWrite, TransactionWrite } from './transact';

/**
 * Unique names as claim items (entities/claim.ts). A writer puts `claimName(...)` in the
 * same transaction as the item that takes the name, and `releaseName(...)` for the name it
 * gives up; the transaction fails on the claim, never on a prior Query, when the name is
 * taken, and the caller gets `message` under `field`.
 */
export interface NameClaim {
  /** `location:Church`, `role`, `tag` ... */
  kind: string;
  /** Where the name is unique: a parent id, or GLOBAL_SCOPE. */
  scope: string;
  name: string;
  ownerId: string;
}

export const GLOBAL_SCOPE = 'global';

/** Names compare the way people read them: case, surrounding and repeated spaces ignored. */
export function claimKey(claim: Pick<NameClaim, 'kind' | 'scope' | 'name'>) {
  return { kind: claim.kind, scope: claim.scope, name: normaliseTerm(claim.name) };
}

/** Takes a name; fails (with the field message) when someone else holds it. Taking one's own name again is a no-op. */
export function claimName(claim: NameClaim, field: string, message: string): GuardedWrite {
  return {
    write: (tx) =>
      tx.claim
        .put({ ...claimKey(claim), ownerId: claim.ownerId })
        .where((attributes, operations) => `${operations.notExists(attributes.name)} OR ${operations.eq(attributes.ownerId, claim.ownerId)}`)
        .commit(),
    onConditionFailed: () => new ValidationError({ [field]: [message] }),
  };
}

/** Gives a name up; only its owner's claim is deleted (a missing claim is fine: nothing to give up). */
export function releaseName(claim: NameClaim): TransactionWrite {
  return (tx) =>
    tx.claim
      .delete(claimKey(claim))
      .where((attributes, operations) => `${operations.notExists(attributes.name)} OR ${operations.eq(attributes.ownerId, claim.ownerId)}`)
      .commit();
}

/** The writes of a rename: release the old name and claim the new one (nothing when only case or spacing changed). */
export function moveName(before: NameClaim, after: NameClaim, field: string, message: string): Array<TransactionWrite | GuardedWrite> {
  const same = JSON.stringify(claimKey(before)) === JSON.stringify(claimKey(after));
  return same ? [] : [releaseName(before), claimName(after, field, message)];
}

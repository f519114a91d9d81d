import type { TransactionItem } from '../../db/transact';
import { StaleVersionError } from '../../lib/errors';
import type { TrackTemplateItem } from '../tracks/track-store';

/**
 * The roles copy race (docs/data-model.md, "Who completes a step"): enrolments copy the roles
 * completing each step into `stepInstance.responsibleRoleIds`, and a step edit that changes them
 * moves `trackTemplate.responsibleRolesVersion` in its transaction (and starts the refresh job).
 * A writer of step instances reads that version BEFORE the parts it copies, and conditions the
 * write that makes its copies visible on it: either it commits before the edit (then the edit's
 * job finds its copies and sets them), or it fails and writes them again from the new design.
 */
export const rolesVersionOf = (track: Pick<TrackTemplateItem, 'responsibleRolesVersion'>) => track.responsibleRolesVersion ?? 0;

/** The design moved under a writer of step instances (or the track is being deleted): read again. */
export class RolesMovedError extends StaleVersionError {}

/** A `where` for the track template: the roles version is still the one read. */
export function ifRolesVersion(expected: number) {
  return (attributes: any, operations: any): string =>
    expected === 0 ? `(${operations.notExists(attributes.responsibleRolesVersion)} OR ${operations.eq(attributes.responsibleRolesVersion, 0)})` : operations.eq(attributes.responsibleRolesVersion, expected);
}

/** A ConditionCheck on the roles version, for a transaction that does not otherwise touch the track template. */
export function rolesGuard(trackTemplateId: string, expected: number): TransactionItem {
  return { write: (tx) => tx.trackTemplate.check({ trackTemplateId }).where(ifRolesVersion(expected)).commit(), onConditionFailed: () => new RolesMovedError() };
}

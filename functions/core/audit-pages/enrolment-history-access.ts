import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { findInstance, INSTANCE_NOT_FOUND, rightsOnInstance, type InstanceCaller } from '../enrolments/instance-access';

/**
 * Who reads an enrolment's History (docs/security.md "Audit trail"): those who may update that
 * track instance, decided on the loaded instance with the enrolment scope checks
 * (core/enrolments/instance-access.ts): the participant's advisor or a track-override role in
 * reach (its status selectors). Unknown or unseen: 404; seen but not governed: 403. The
 * participant never reads their own (as with a person's own History). Callers holding the power
 * nowhere were refused before the read (requireHistoryPower, core/scope/caller-rights.ts `maySetStatuses`).
 */
export async function requireEnrolmentHistoryReader(auth: InstanceCaller, trackInstanceId: string): Promise<void> {
  const instance = await findInstance(trackInstanceId);
  if (!instance) throw new NotFoundError(INSTANCE_NOT_FOUND);
  const rights = await rightsOnInstance(auth, instance);
  if (!rights.canAccess) throw new NotFoundError(INSTANCE_NOT_FOUND);
  if (!rights.canChangeStatus) throw new ForbiddenError();
}

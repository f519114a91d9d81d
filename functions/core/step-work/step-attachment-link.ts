import { attachmentOf } from '../tracks/step-reads';
import type { AuthContext } from '../session/resolve-session';
import { requireStepRights } from './step-access';
import { locateStep, readStepDesign, readTrackInstance } from '../enrolments/step-instance-store';

/**
 * `GET step/step-instance/{id}/attachment/{key}`: a step's attachment for whoever reads that
 * step instance (its participant, assignees, override roles: the step page's check, on the
 * loaded instance), where the template's route serves only the track's designers.
 */
export async function stepInstanceAttachment(auth: AuthContext, stepInstanceId: string, fileKey: string): Promise<{ url: string; name: string }> {
  const step = await locateStep(stepInstanceId);
  const [instance, design] = await Promise.all([readTrackInstance(step.trackInstanceId), readStepDesign(step.stepTemplateId)]);
  await requireStepRights(auth, instance);
  return attachmentOf(design.step, fileKey);
}

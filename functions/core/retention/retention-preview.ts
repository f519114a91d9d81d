import type { RetentionDueView } from '../../../shared/schemas/retention';
import type { AuthContext } from '../session/resolve-session';
import { requireGovernedConference } from './retention-access';
import { previewDue } from './retention-due';
import { readRetentionPolicy } from './retention-policy';

/** The preview route: what the next daily run would purge in the conference, by today's clock (or the one given). */
export async function retentionPreview(auth: AuthContext, conferenceId: string, limit: number, now: Date = new Date()): Promise<{ data: RetentionDueView[]; more: boolean }> {
  await requireGovernedConference(auth, conferenceId);
  const { periods } = await readRetentionPolicy(conferenceId);
  return previewDue(conferenceId, periods, now, limit);
}

import type { AuthContext } from '../session/resolve-session';
import { mayActAt, placeOf } from './track-scope';
import { getTrackTemplate } from './track-store';

/**
 * Who reads a track's step attachments: those who read the track's design. Issue 12 (the
 * step instance page) adds the track's participants here; the step's attachment route and
 * the file service's download both ask this.
 */
export async function mayReadStepAttachments(auth: AuthContext, trackTemplateId: string): Promise<boolean> {
  const track = await getTrackTemplate(trackTemplateId);
  return Boolean(track) && mayActAt(auth, 'read', await placeOf(track!));
}

import { ForbiddenError, NotFoundError } from '../../lib/errors';
import { mayManageSystemForms } from '../forms/system-forms';
import { requireForm } from '../forms/form-store';
import type { AuthContext } from '../session/resolve-session';
import { mayActAt, placeOf, requireTrack } from '../tracks/track-scope';
import { getTrackTemplate } from '../tracks/track-store';
import { mayActOnGroup, mayManageTrackInstances } from '../user-groups/group-access';
import { requireVisibleGroup } from '../user-groups/group-reads';

/**
 * Who reads the design side's History (docs/security.md "Audit trail"): whoever may update that
 * track template, form template or interview group, decided on the loaded record with the
 * checks its own writes use. Unseen or unknown: 404; seen but not theirs to change: 403.
 */

/** A track template's (its phases and steps too): those who may update it where it sits; one being deleted still answers. */
export async function requireTrackHistoryReader(auth: AuthContext, trackTemplateId: string): Promise<void> {
  const track = await getTrackTemplate(trackTemplateId);
  const place = track ? await placeOf(track) : null;
  if (!place || !mayActAt(auth, 'read', place)) throw new NotFoundError('Track not found.');
  if (!mayActAt(auth, 'update', place)) throw new ForbiddenError();
}

/** A form template's (a deleted one's too: its entries outlive it): those who may update forms; a system form only those who manage everything. */
export async function requireFormHistoryReader(auth: AuthContext, formId: string): Promise<void> {
  const form = await requireForm(formId);
  if (!auth.ability.can('update', 'FormTemplate') || (form.system && !mayManageSystemForms(auth))) throw new ForbiddenError();
}

/** An interview group's: those who may update it on its track (the Interviewer Groups tab's Edit). */
export async function requireGroupHistoryReader(auth: AuthContext, userGroupId: string): Promise<void> {
  const { group } = await requireVisibleGroup(auth, userGroupId);
  const { place } = await requireTrack(auth, group.trackTemplateId ?? '', 'read');
  if (!mayManageTrackInstances(auth, place) || !mayActOnGroup(auth, 'update', await placeOf(group))) throw new ForbiddenError();
}

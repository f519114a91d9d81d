import { deterministicId } from '../ids';
import { putReadEntry } from '../../core/read-log/read-write';
import type { ReadKind, ReadScreen } from '../../../shared/schemas/read-log';
import { DEMO_INSTANCE_IDS } from './demo-tracks';
import { demoUserByRole } from './demo-people';

/**
 * A read-access log for the demo (issue 25, item 2): the advisor and the conference admin opened the
 * candidate's confidential material in the days before the demo's day, so the candidate's Access log
 * tab shows who read what. Written through the app's own putReadEntry, with fixed ids (a second seed
 * rewrites the same entries).
 */
const DAY = 86_400_000;
const ids = DEMO_INSTANCE_IDS;

type Read = [by: 'Advisor' | 'ConferenceAdmin', kind: ReadKind, objectId: string, label: string | undefined, route: string, screen: ReadScreen, daysBefore: number];

const READS: Read[] = [
  ['Advisor', 'stepContent', 'demo-content-instance-transcript', 'Transcript', 'step.stepInstance', 'step-page', 9],
  ['Advisor', 'form', ids.questionnaireForm, 'Candidate Background Questionnaire', 'form.formInstance', 'form-view', 6],
  ['ConferenceAdmin', 'documents', 'candidate', undefined, 'file.associatedFiles', 'profile-documents', 4],
  ['ConferenceAdmin', 'stepContent', 'demo-content-instance-transcript', 'Transcript', 'step.stepInstance', 'step-page', 2],
];

export async function seedDemoReads(seededAt: string): Promise<void> {
  const candidate = demoUserByRole('Participant');
  for (const [by, kind, objectId, label, route, screen, daysBefore] of READS) {
    const reader = demoUserByRole(by);
    const at = Date.parse(seededAt) - daysBefore * DAY;
    await putReadEntry({
      ownerId: candidate.id,
      entryId: deterministicId(at, 'demo-read', reader.id, kind, objectId),
      at: new Date(at).toISOString(),
      readerId: reader.id,
      readerName: `${reader.firstName} ${reader.lastName}`,
      kind,
      objectId: objectId === 'candidate' ? candidate.id : objectId,
      label,
      route,
      screen,
      trackInstanceId: kind === 'documents' ? undefined : ids.trackInstance,
    });
  }
}

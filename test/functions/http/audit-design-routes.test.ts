import { handler as audit } from '../../../functions/http/audit/handler';
import { DEMO_LOCATION_IDS as ids } from '../../../functions/db/seed/demo-organisation';
import { DEMO_INSTANCE_IDS } from '../../../functions/db/seed/demo-tracks';
import { DEMO_GROUP_IDS } from '../../../functions/db/seed/demo-groups';
import { DEMO_SYSTEM_FORM_ID } from '../../../functions/db/seed/demo-forms';
import { transact } from '../../../functions/db/transact';
import { auditEntryWrite, type AuditActor } from '../../../functions/core/records/audit-write';
import type { AuditPage } from '../../../shared/schemas/audit';
import { db } from '../../../functions/db/service';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor } from '../../support/session';

/**
 * The design side's History (issue 25): a track template's, a form template's and an interview
 * group's, read by those who may update that record (200); seen but not theirs to change: 403;
 * unseen or unknown: 404; nobody without the power anywhere gets past the first check (403).
 */
const actor: AuditActor = { actorId: 'demo-admin-x', actorName: 'Ada Admin' };
const cookies: Record<string, string> = {};
const history = (who: string, path: string) => invoke(audit, `/api/audit/history/${path}`, { cookie: cookies[who] });
const plainForm = 'audit-form-plain';

beforeAll(async () => {
  await seedDemo();
  for (const who of ['superadmin', 'conference.admin', 'district.admin', 'participant']) cookies[who] = await cookieFor(`${who}@example.org`);
  const now = new Date().toISOString();
  await db().entities.form.create({ formId: plainForm, name: 'Plain Form', system: false, currentVersion: 1, layout: [], fields: [], version: 1, createdAt: now, updatedAt: now }).go();
  await transact([
    auditEntryWrite({ actor, chain: 'TrackTemplate', recordId: DEMO_INSTANCE_IDS.trackTemplate, action: 'track.updated', kind: 'details', subject: 'Candidacy Pathway', changes: [], scopeIds: [ids.conference1], auditScope: ids.conference1 }),
    auditEntryWrite({ actor, chain: 'UserGroup', recordId: DEMO_GROUP_IDS.candidacyPanel, action: 'group.updated', kind: 'details', subject: 'Candidacy Interview Panel', changes: [], scopeIds: [ids.conference1], auditScope: ids.conference1 }),
    auditEntryWrite({ actor, chain: 'FormTemplate', recordId: DEMO_SYSTEM_FORM_ID, action: 'form.updated', kind: 'details', subject: 'Contact', changes: [], scopeIds: [] }),
  ]);
});

describe('the design side\'s History', () => {
  it("a conference track's: its conference admin and superadmins; a system track's: superadmins only", async () => {
    const track = await history('conference.admin', `TrackTemplate/${DEMO_INSTANCE_IDS.trackTemplate}`);
    expect(track.status).toBe(200);
    expect((track.body as AuditPage).data[0]).toMatchObject({ chainKind: 'TrackTemplate', action: 'track.updated' });
    expect((await history('superadmin', `TrackTemplate/${DEMO_INSTANCE_IDS.systemTrack}`)).status).toBe(200);
    expect((await history('conference.admin', `TrackTemplate/${DEMO_INSTANCE_IDS.systemTrack}`)).status).toBe(403);
    expect((await history('conference.admin', 'TrackTemplate/no-such-track')).status).toBe(404);
    expect((await history('participant', `TrackTemplate/${DEMO_INSTANCE_IDS.trackTemplate}`)).status).toBe(403);
  });

  it("an interview group's: whoever may edit it on its track; a system group's: superadmins", async () => {
    expect((await history('conference.admin', `UserGroup/${DEMO_GROUP_IDS.candidacyPanel}`)).status).toBe(200);
    expect((await history('superadmin', `UserGroup/${DEMO_GROUP_IDS.licensingReaders}`)).status).toBe(200);
    expect((await history('conference.admin', `UserGroup/${DEMO_GROUP_IDS.licensingReaders}`)).status).toBe(403);
    expect((await history('superadmin', 'UserGroup/no-such-group')).status).toBe(404);
    expect((await history('participant', `UserGroup/${DEMO_GROUP_IDS.candidacyPanel}`)).status).toBe(403);
  });

  it("a form's: those who may update forms (a system form: superadmins); unknown: 404", async () => {
    expect((await history('superadmin', `FormTemplate/${DEMO_SYSTEM_FORM_ID}`)).status).toBe(200);
    expect((await history('conference.admin', `FormTemplate/${DEMO_SYSTEM_FORM_ID}`)).status).toBe(403);
    expect((await history('conference.admin', `FormTemplate/${plainForm}`)).status).toBe(200);
    expect((await history('superadmin', 'FormTemplate/no-such-form')).status).toBe(404);
    expect((await history('participant', `FormTemplate/${DEMO_SYSTEM_FORM_ID}`)).status).toBe(403);
  });
});

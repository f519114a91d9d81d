import { handler as admin } from '../../../functions/http/admin/handler';
import { handler as users } from '../../../functions/http/user/handler';
import { acceptLocalInvitation, verifyLocalCredentials } from '../../../functions/core/identity/local-accounts';
import { db } from '../../../functions/db/service';
import { DEMO_LOCATION_IDS as ids } from '../../../functions/db/seed/demo-organisation';
import { EMAIL_IN_USE } from '../../../shared/schemas/user';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor } from '../../support/session';

/**
 * Add User (SPEC.md sections 2 and 5) with the local identity adapter: the user, the email
 * claim and the primary location in one transaction, then the invitation email (outbox) whose
 * set-password link works once.
 */
let conferenceAdmin: string;
let districtAdmin: string;

beforeAll(async () => {
  await seedDemo();
  [conferenceAdmin, districtAdmin] = await Promise.all([cookieFor('conference.admin@example.org'), cookieFor('district.admin@example.org')]);
});

const addUser = (cookie: string, body: Record<string, unknown>) => invoke(admin, '/api/admin/sign-up-user', { method: 'POST', cookie, body });

/** The invitation emails sent to an address, as their call to action's link (a Scan of this file's small table: test only). */
async function invitationsTo(email: string): Promise<Array<{ text: string }>> {
  const { data } = await db().entities.outbox.scan.go({ pages: 'all' });
  type Invitation = { to: string; content: { action: { url: string } } };
  return data.filter((item) => item.kind === 'email' && (item.payload as Invitation).to === email).map((item) => ({ text: (item.payload as Invitation).content.action.url }));
}

const tokenIn = (text: string) => new URL(/https?:\/\/\S+/.exec(text)![0]).searchParams.get('token')!;

describe('POST /api/admin/sign-up-user', () => {
  it('adds the user in the district, lists them there, and mails an invitation whose link sets the password once', async () => {
    const res = await addUser(conferenceAdmin, { firstName: 'Nia', lastName: 'Newcomer', email: 'Nia.Newcomer@Example.org', districtLocation: ids.district1, districtLocationType: 'District' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ firstName: 'Nia', lastName: 'Newcomer', email: 'nia.newcomer@example.org', inactive: false, registered: false });

    const listed = await invoke(users, '/api/user/quickSearch', { cookie: districtAdmin, query: `where[name]=newcomer&where[districtId]=${ids.district1}` });
    expect(listed.body.data).toEqual([expect.objectContaining({ id: res.body.id, districts: [expect.objectContaining({ id: ids.district1 })] })]);

    const [invitation] = await invitationsTo('nia.newcomer@example.org');
    expect(invitation.text).toContain('/oidc/invitation?');
    const token = tokenIn(invitation.text);
    expect(await verifyLocalCredentials('nia.newcomer@example.org', 'a new password')).toBeNull();
    expect(await acceptLocalInvitation('nia.newcomer@example.org', 'wrong-token', 'a new password')).toBe(false);
    expect(await acceptLocalInvitation('nia.newcomer@example.org', token, 'a new password', Date.now() + 8 * 86_400_000)).toBe(false);
    expect(await acceptLocalInvitation('nia.newcomer@example.org', token, 'a new password')).toBe(true);
    expect(await verifyLocalCredentials('nia.newcomer@example.org', 'a new password')).toMatchObject({ userId: res.body.id });
    // Used once: the same link cannot set another password.
    expect(await acceptLocalInvitation('nia.newcomer@example.org', token, 'someone else')).toBe(false);
  });

  it('answers a field error for an email in use, whatever its case, and adds nobody', async () => {
    const res = await addUser(conferenceAdmin, { firstName: 'Dup', lastName: 'Licate', email: 'PARTICIPANT@example.org', conferenceLocation: ids.conference1 });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(EMAIL_IN_USE);
  });

  it("gives SPEC's messages for missing names, a bad email and no location", async () => {
    const res = await addUser(conferenceAdmin, { firstName: ' ', lastName: '', email: 'not-an-email' });
    expect(res.status).toBe(400);
    const text = JSON.stringify(res.body);
    for (const message of ['First Name is required', 'Last Name is required', 'Invalid email address', 'Location is required']) expect(text).toContain(message);
  });

  it('refuses a location outside the caller scope, and a district outside the chosen conference', async () => {
    expect((await addUser(conferenceAdmin, { firstName: 'Out', lastName: 'Side', email: 'out.side@example.org', conferenceLocation: ids.conference2 })).status).toBe(403);
    expect((await addUser(districtAdmin, { firstName: 'Out', lastName: 'Side', email: 'out.side@example.org', districtLocation: ids.district2 })).status).toBe(403);
    const mismatch = await addUser(conferenceAdmin, { firstName: 'Mis', lastName: 'Match', email: 'mis.match@example.org', conferenceLocation: ids.conference2, districtLocation: ids.district1 });
    expect(mismatch.status).toBe(400);
    expect((await addUser(await cookieFor('advisor@example.org'), { firstName: 'A', lastName: 'B', email: 'a.b@example.org', districtLocation: ids.district1 })).status).toBe(403);
  });

  it('reinvites a user who has not signed in: a new link, the old one stops working', async () => {
    const res = await addUser(conferenceAdmin, { firstName: 'Re', lastName: 'Invited', email: 're.invited@example.org', conferenceLocation: ids.conference1 });
    const first = tokenIn((await invitationsTo('re.invited@example.org'))[0].text);
    const again = await invoke(admin, '/api/admin/reinvite-user', { method: 'POST', cookie: conferenceAdmin, body: { ids: [res.body.id] } });
    expect(again.body).toEqual({ ids: [res.body.id] });
    const mails = await invitationsTo('re.invited@example.org');
    expect(mails).toHaveLength(2);
    expect(await acceptLocalInvitation('re.invited@example.org', first, 'first password')).toBe(false);
    const second = mails.map((mail) => tokenIn(mail.text)).find((token) => token !== first)!;
    expect(await acceptLocalInvitation('re.invited@example.org', second, 'second password')).toBe(true);
  });
});

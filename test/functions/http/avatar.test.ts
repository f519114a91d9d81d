import { handler as files } from '../../../functions/http/file/handler';
import { handler as users } from '../../../functions/http/user/handler';
import { db } from '../../../functions/db/service';
import { DEMO_LOCATION_IDS as ids } from '../../../functions/db/seed/demo-organisation';
import { AVATAR_NOT_UPLOADED } from '../../../functions/core/people/avatar';
import { seedDemo } from '../../support/demo-table';
import { invoke } from '../../support/invoke';
import { cookieFor, demoUser } from '../../support/session';
import { putTestUser } from '../../support/test-users';

/** Avatars (SPEC.md sections 2 and 7): uploaded through a presigned POST, set versioned, read through a scoped link. */
let districtAdmin: string;
let advisor: string;
let participant: string;

beforeAll(async () => {
  await seedDemo();
  [districtAdmin, advisor, participant] = await Promise.all(['district.admin@example.org', 'advisor@example.org', 'participant@example.org'].map(cookieFor));
});

const PNG = 'fake png bytes';

/** What the browser does: grant, POST to the bucket, confirm. */
async function uploadAvatar(userId: string, cookie: string): Promise<{ status: number; key?: string }> {
  const grant = await invoke(files, '/api/file/upload', { method: 'POST', cookie, body: { target: { type: 'avatar', userId }, name: 'avatar.png', size: PNG.length } });
  if (grant.status !== 201) return { status: grant.status };
  const form = new FormData();
  for (const [name, value] of Object.entries(grant.body.upload.fields as Record<string, string>)) form.append(name, value);
  form.append('file', new Blob([PNG], { type: 'image/png' }));
  expect((await fetch(grant.body.upload.url, { method: 'POST', body: form })).ok).toBe(true);
  const confirmed = await invoke(files, `/api/file/files/${grant.body.file.key}/confirm`, { method: 'POST', cookie });
  return { status: confirmed.status, key: grant.body.file.key };
}

const version = async (userId: string) => (await db().entities.user.get({ userId }).go({ consistent: true })).data!.version;
const setAvatar = async (userId: string, key: string, cookie = districtAdmin, at?: number) => invoke(users, `/api/user/${userId}/avatar`, { method: 'POST', cookie, body: { key, version: at ?? (await version(userId)) } });

describe('avatars', () => {
  it('an editor uploads and sets a user\'s avatar; those who see the user get a short-lived link, others 404', async () => {
    const userId = await putTestUser({ firstName: 'Ava', lastName: 'Tar', locationId: ids.church1 });
    const { status, key } = await uploadAvatar(userId, districtAdmin);
    expect(status).toBe(200);
    const res = await setAvatar(userId, key!);
    expect(res.status).toBe(200);
    expect(res.body.avatar).toEqual({ key, url: `/api/user/${userId}/avatar-image?key=${key}` });
    const user = await invoke(users, `/api/user/get-user/${userId}`, { cookie: districtAdmin });
    expect(user.body.avatar).toEqual(res.body.avatar);

    const image = await invoke(users, `/api/user/${userId}/avatar-image`, { cookie: advisor, query: `key=${key}` });
    expect(image.status).toBe(302);
    expect(await (await fetch(image.headers.location)).text()).toBe(PNG);
    expect((await invoke(users, `/api/user/${userId}/avatar-image`, { cookie: participant, query: `key=${key}` })).status).toBe(404);
    expect((await invoke(users, `/api/user/${userId}/avatar-image`, { cookie: advisor, query: 'key=other' })).status).toBe(404);
  });

  it('sets one\'s own avatar, shown as the current user\'s; a stale version is 409', async () => {
    const me = demoUser('participant@example.org');
    const { key } = await uploadAvatar(me.id, participant);
    const at = await version(me.id);
    expect((await setAvatar(me.id, key!, participant, at)).status).toBe(200);
    expect((await invoke(users, '/api/user/user', { cookie: participant })).body.avatar.key).toBe(key);
    expect((await setAvatar(me.id, key!, participant, at)).status).toBe(409);
  });

  it('refuses those who may not edit the user, and images not uploaded for this user by the caller', async () => {
    const userId = await putTestUser({ firstName: 'No', lastName: 'Edit', locationId: ids.church1 });
    expect((await uploadAvatar(userId, advisor)).status).toBe(403);
    expect((await uploadAvatar(userId, participant)).status).toBe(404);
    const other = await putTestUser({ firstName: 'Other', lastName: 'Person', locationId: ids.church1 });
    const { key } = await uploadAvatar(other, districtAdmin);
    const res = await setAvatar(userId, key!);
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ key: [AVATAR_NOT_UPLOADED] });
    expect((await setAvatar(userId, key!, advisor)).status).toBe(403);
  });

  it('takes images only', async () => {
    const userId = await putTestUser({ firstName: 'Only', lastName: 'Images', locationId: ids.church1 });
    const res = await invoke(files, '/api/file/upload', { method: 'POST', cookie: districtAdmin, body: { target: { type: 'avatar', userId }, name: 'notes.pdf', size: 10 } });
    expect(res.status).toBe(400);
  });
});

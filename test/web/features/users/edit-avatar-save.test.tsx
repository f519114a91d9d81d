import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileView } from '../../../../shared/api/file';
import { EditAvatarDialog } from '../../../../web/src/features/users/profile/EditAvatarDialog';
import { CONFERENCE_ADMIN, fakeServer, renderPage } from '../admin/admin-harness';
import { BucketRequest } from '../../../support/bucket-request';

// The real cropper needs layout to know its crop area (jsdom has none; AvatarCropper.test.tsx
// covers it): a stand-in hands the dialog a cropped PNG, as the cropper's Save does.
vi.mock('../../../../web/src/components/ui/lazy', () => ({
  AvatarCropper: ({ imageSrc, onCropped, isPending }: { imageSrc: string; onCropped: (blob: Blob) => void; isPending?: boolean }) => (
    <button type="button" disabled={isPending} onClick={() => onCropped(new Blob(['cropped'], { type: 'image/png' }))}>
      {`Save crop of ${imageSrc}`}
    </button>
  ),
}));

const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
beforeEach(() => {
  BucketRequest.sent = [];
  vi.stubGlobal('XMLHttpRequest', BucketRequest);
  Object.assign(URL, { createObjectURL: () => 'blob:avatar-1', revokeObjectURL: () => undefined });
});
afterEach(() => {
  vi.unstubAllGlobals();
  Object.assign(URL, original);
});

const stored: FileView = { key: 'avatars/u2/k1.png', name: 'avatar.png', kind: 'Image', contentType: 'image/png', size: 7, status: 'pending', createdAt: '2024-03-07T12:00:00.000Z' };

function avatarServer(refuseAvatar?: string) {
  return fakeServer({
    'POST /api/file/upload': () => ({ status: 201, body: { file: stored, upload: { url: 'https://bucket.test/', fields: { key: stored.key } }, maxBytes: 5_000_000 } }),
    'POST /api/file/files/{key}/confirm': () => ({ ...stored, status: 'confirmed' }),
    'POST /api/user/u2/avatar': () => (refuseAvatar ? { status: 409, body: { message: refuseAvatar } } : { avatar: { url: '/api/user/u2/avatar-image', key: stored.key }, version: 4 }),
  });
}

async function cropAnImage(user: ReturnType<typeof userEvent.setup>) {
  const dialog = await screen.findByRole('dialog', { name: 'Upload Profile Image' });
  await user.upload(within(dialog).getByLabelText('Profile image: choose files'), new File(['png'], 'me.png', { type: 'image/png' }));
  await user.click(await within(dialog).findByRole('button', { name: 'Save crop of blob:avatar-1' }));
  return dialog;
}

describe('Upload Profile Image: saving', () => {
  it('uploads the cropped PNG for the avatar with a progress bar, sets it on the version read, and closes', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const server = avatarServer();
    renderPage('/card', CONFERENCE_ADMIN, { path: 'card', element: <EditAvatarDialog userId="u2" version={3} onClose={onClose} /> });
    const dialog = await cropAnImage(user);
    await waitFor(() => expect(BucketRequest.sent).toHaveLength(1));
    expect(server.to('/api/file/upload')[0].body).toEqual({ target: { type: 'avatar', userId: 'u2' }, name: 'avatar.png', size: 7 });
    expect(BucketRequest.sent[0].url).toBe('https://bucket.test/');
    BucketRequest.sent[0].progress(1, 2);
    await waitFor(() => expect(within(dialog).getByRole('progressbar', { name: 'Uploading' }).getAttribute('aria-valuenow')).toBe('50'));
    expect(server.to('/api/user/u2/avatar')).toHaveLength(0);
    BucketRequest.sent[0].finish();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(server.to(`/api/file/files/${encodeURIComponent(stored.key)}/confirm`, 'POST')).toHaveLength(1);
    expect(server.to('/api/user/u2/avatar', 'POST')[0].body).toEqual({ key: stored.key, version: 3 });
  });

  it("shows the server's refusal, drops the progress bar and stays open", async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    avatarServer('The profile changed: reload and try again.');
    renderPage('/card', CONFERENCE_ADMIN, { path: 'card', element: <EditAvatarDialog userId="u2" version={3} onClose={onClose} /> });
    const dialog = await cropAnImage(user);
    await waitFor(() => expect(BucketRequest.sent).toHaveLength(1));
    BucketRequest.sent[0].finish();
    expect(await within(dialog).findByText('The profile changed: reload and try again.')).toBeTruthy();
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect((within(dialog).getByRole('button', { name: 'Save crop of blob:avatar-1' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

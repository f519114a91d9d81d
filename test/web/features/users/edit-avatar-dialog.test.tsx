import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EditAvatarDialog } from '../../../../web/src/features/users/profile/EditAvatarDialog';
import { expectNoAxeViolations } from '../../../support/axe';
import { CONFERENCE_ADMIN, renderPage } from '../admin/admin-harness';

// jsdom has no object URLs: stand in for the browser's part only (the dialog hands the URL to the cropper).
const createObjectURL = vi.fn(() => 'blob:avatar-1');
const revokeObjectURL = vi.fn();
const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
beforeEach(() => {
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});
afterEach(() => {
  Object.assign(URL, original);
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
});

const renderDialog = (onClose = vi.fn()) => renderPage('/card', CONFERENCE_ADMIN, { path: 'card', element: <EditAvatarDialog userId="u2" version={3} onClose={onClose} /> });
const png = () => new File(['png'], 'me.png', { type: 'image/png' });

/** The crop and upload need layout and a bucket; edit-avatar-save.test.tsx covers the save with a stand-in cropper. */
describe('Upload Profile Image', () => {
  it('asks for an image and refuses other files', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Upload Profile Image' });
    const zone = within(dialog).getByRole('group', { name: 'Profile image' });
    expect(within(zone).getByText('A photo (.png, .jpg, .jpeg or .bmp); you choose the square to keep.')).toBeTruthy();
    await expectNoAxeViolations(dialog);
    await user.upload(within(dialog).getByLabelText('Profile image: choose files'), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('notes.txt');
    expect(createObjectURL).not.toHaveBeenCalled();
    expect(within(dialog).queryByRole('slider', { name: 'Zoom' })).toBeNull();
  });

  it('crops a chosen image with the zoom of SPEC.md; Cancel goes back to choosing and frees the image', async () => {
    const user = userEvent.setup();
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Upload Profile Image' });
    await user.upload(within(dialog).getByLabelText('Profile image: choose files'), png());
    const zoom = await within(dialog).findByRole('slider', { name: 'Zoom' });
    expect([zoom.getAttribute('min'), zoom.getAttribute('max'), zoom.getAttribute('step')]).toEqual(['1', '2', '0.1']);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await within(dialog).findByRole('group', { name: 'Profile image' })).toBeTruthy();
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:avatar-1'));
  });

  it('closes with Escape', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderDialog(onClose);
    await screen.findByRole('dialog', { name: 'Upload Profile Image' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AliasesCard } from '../../../../web/src/features/users/profile/AliasesCard';
import { TagsCard } from '../../../../web/src/features/users/profile/TagsCard';
import { expectNoAxeViolations } from '../../../support/axe';
import { CONFERENCE_ADMIN, fakeServer, renderPage, SUPERADMIN } from '../admin/admin-harness';

const renderCard = (element: React.ReactNode) => renderPage('/card', CONFERENCE_ADMIN, { path: 'card', element });

function tagServer() {
  let tags = [{ id: 't1', name: 'Youth' }];
  return fakeServer({
    'GET /api/user/u2/tag': () => tags,
    'GET /api/user/tag': () => [{ id: 't1', name: 'Youth' }, { id: 't2', name: 'Choir' }],
    'POST /api/user/u2/tag': (request) => {
      const name = (request.body as { name: string }).name;
      if (name === 'Broken') return { status: 409, body: { message: 'The profile changed: reload and try again.' } };
      const tag = { id: `t-${name}`, name };
      tags = [...tags, tag];
      return { status: 201, body: tag };
    },
    'POST /api/user/u2/tag/t2': () => {
      tags = [...tags, { id: 't2', name: 'Choir' }];
      return { status: 201, body: { id: 't2', name: 'Choir' } };
    },
    'DELETE /api/user/u2/tag/t1': () => {
      tags = tags.filter((tag) => tag.id !== 't1');
      return { removed: true };
    },
  });
}

describe('Tags card', () => {
  it('lists the tags; Add Tag only when valid and dirty (required, at most 30 characters)', async () => {
    const user = userEvent.setup();
    tagServer();
    const { container } = renderCard(<TagsCard userId="u2" personName="Ben Cole" mayChange />);
    const card = await screen.findByRole('region', { name: 'Tags' });
    expect(await within(card).findByText('Youth')).toBeTruthy();
    const add = within(card).getByRole('button', { name: 'Add Tag' });
    expect(add.hasAttribute('disabled')).toBe(true);
    const field = within(card).getByRole('textbox', { name: 'Tag' });
    await user.type(field, 'x'.repeat(31));
    expect(within(card).getByText('String must contain at most 30 character(s)')).toBeTruthy();
    expect(add.hasAttribute('disabled')).toBe(true);
    await user.clear(field);
    await user.type(field, '   ');
    expect(within(card).getByText('Required')).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'Mission');
    await waitFor(() => expect(add.hasAttribute('disabled')).toBe(false));
    await expectNoAxeViolations(container);
  });

  it('adds a new tag, reuses a matching one, removes one, each through the API', async () => {
    const user = userEvent.setup();
    const server = tagServer();
    renderCard(<TagsCard userId="u2" personName="Ben Cole" mayChange />);
    const card = await screen.findByRole('region', { name: 'Tags' });
    await within(card).findByText('Youth');
    await user.type(within(card).getByRole('textbox', { name: 'Tag' }), 'Mission');
    await user.click(within(card).getByRole('button', { name: 'Add Tag' }));
    expect(await within(card).findByText('Mission')).toBeTruthy();
    expect(server.to('/api/user/u2/tag', 'POST')[0].body).toEqual({ name: 'Mission' });
    expect((within(card).getByRole('textbox', { name: 'Tag' }) as HTMLInputElement).value).toBe('');

    // Suggestions leave out tags the user carries already.
    await user.type(within(card).getByRole('textbox', { name: 'Tag' }), 'C');
    await user.click(await within(card).findByRole('button', { name: 'Add Choir' }));
    expect(await within(within(card).getByRole('list', { name: 'Tags' })).findByText('Choir')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Add Youth' })).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Remove tag Youth' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Remove Tag' });
    expect(within(confirm).getByText('Remove the tag Youth from Ben Cole? Everyone else who carries it keeps it.')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(card).queryByText('Youth')).toBeNull());
    expect(server.to('/api/user/u2/tag/t1', 'DELETE')).toHaveLength(1);
  });

  it("shows the server's refusal and keeps the text", async () => {
    const user = userEvent.setup();
    tagServer();
    renderCard(<TagsCard userId="u2" personName="Ben Cole" mayChange />);
    const card = await screen.findByRole('region', { name: 'Tags' });
    await within(card).findByText('Youth');
    await user.type(within(card).getByRole('textbox', { name: 'Tag' }), 'Broken');
    await user.click(within(card).getByRole('button', { name: 'Add Tag' }));
    expect(await screen.findByText('The profile changed: reload and try again.')).toBeTruthy();
    expect((within(card).getByRole('textbox', { name: 'Tag' }) as HTMLInputElement).value).toBe('Broken');
  });

  it('lets a superadmin delete a tag for everyone only through Delete Tag for Everyone, which says so and asks which tag; Remove beside a tag takes it off this person', async () => {
    const user = userEvent.setup();
    let tags = [{ id: 't1', name: 'Youth' }];
    const server = fakeServer({
      'GET /api/user/u2/tag': () => tags,
      'GET /api/user/tag': () => [{ id: 't1', name: 'Youth' }],
      'DELETE /api/user/tag/t1': () => {
        tags = [];
        return { jobId: 'job-tag' };
      },
      'GET /api/job/job-tag': () => ({ id: 'job-tag', kind: 'tag.delete', title: 'Deleting Youth', status: 'succeeded', done: 3, total: 3, createdAt: '2025-01-01T00:00:00Z', updatedAt: '2025-01-01T00:00:00Z' }),
    });
    const { container } = renderPage('/card', SUPERADMIN, { path: 'card', element: <TagsCard userId="u2" personName="Ben Cole" mayChange /> });
    const card = await screen.findByRole('region', { name: 'Tags' });
    const chip = (await within(card).findByText('Youth')).closest('li')!;
    // Beside the tag: only Remove (from Ben), never a Delete that would reach everyone.
    expect(within(chip).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(['Remove tag Youth']);
    expect(within(card).queryByRole('button', { name: /Delete Youth/ })).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Delete Tag for Everyone' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Tag for Everyone' });
    expect(within(dialog).getByText(/taken off every person who carries it, not only Ben Cole\. This cannot be undone\./)).toBeTruthy();
    await expectNoAxeViolations(container);
    // Nothing is chosen yet: pressing the red button deletes nothing and asks for the tag.
    await user.click(within(dialog).getByRole('button', { name: 'Delete for Everyone' }));
    expect(await within(dialog).findByText('Choose the tag to delete.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.to('/api/user/tag/t1', 'DELETE')).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'Delete Tag for Everyone' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Tag for Everyone' });
    await user.type(within(dialog).getByRole('combobox', { name: /Tag to delete/ }), 'You');
    await user.click(await screen.findByRole('option', { name: 'Youth' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete for Everyone' }));
    await waitFor(() => expect(within(card).queryByText('Youth')).toBeNull());
    expect(server.to('/api/user/tag/t1', 'DELETE')).toHaveLength(1);
    expect(server.to('/api/user/u2/tag/t1', 'DELETE')).toHaveLength(0);
  });

  it('offers a conference admin Remove but never Delete Tag for Everyone', async () => {
    tagServer();
    renderCard(<TagsCard userId="u2" personName="Ben Cole" mayChange />);
    const card = await screen.findByRole('region', { name: 'Tags' });
    expect(await within(card).findByRole('button', { name: 'Remove tag Youth' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('offers no form and no remove buttons to a viewer who may not change them', async () => {
    tagServer();
    renderCard(<TagsCard userId="u2" personName="Ben Cole" mayChange={false} />);
    const card = await screen.findByRole('region', { name: 'Tags' });
    await within(card).findByText('Youth');
    expect(within(card).queryByRole('textbox')).toBeNull();
    expect(within(card).queryByRole('button')).toBeNull();
  });
});

describe('Aliases card', () => {
  it('adds and removes an alias through the API, with the empty state and the required message', async () => {
    const user = userEvent.setup();
    let aliases: Array<{ id: string; alias: string }> = [];
    const server = fakeServer({
      'GET /api/user/u2/alias': () => aliases,
      'POST /api/user/u2/alias/Benji': () => {
        aliases = [{ id: 'a1', alias: 'Benji' }];
        return { status: 201, body: aliases[0] };
      },
      'DELETE /api/user/u2/alias/a1': () => {
        aliases = [];
        return { removed: true };
      },
    });
    renderCard(<AliasesCard userId="u2" personName="Ben Cole" mayChange />);
    const card = await screen.findByRole('region', { name: 'Aliases' });
    expect(await within(card).findByText('No aliases.')).toBeTruthy();
    const field = within(card).getByRole('textbox', { name: 'Alias' });
    await user.type(field, ' ');
    expect(within(card).getByText('Required')).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'Benji');
    await user.click(within(card).getByRole('button', { name: 'Add Alias' }));
    expect(await within(card).findByText('Benji')).toBeTruthy();
    expect(server.to('/api/user/u2/alias/Benji', 'POST')).toHaveLength(1);
    await user.click(within(card).getByRole('button', { name: 'Remove alias Benji' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Remove Alias' })).getByRole('button', { name: 'Remove' }));
    expect(await within(card).findByText('No aliases.')).toBeTruthy();
    expect(server.to('/api/user/u2/alias/a1', 'DELETE')).toHaveLength(1);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CommentView } from '../../../../shared/schemas/user-labels';
import { CommentsCard } from '../../../../web/src/features/users/profile/CommentsCard';
import { expectNoAxeViolations } from '../../../support/axe';
import { CONFERENCE_ADMIN, fakeServer, renderPage } from '../admin/admin-harness';

const renderCard = (mayAdd: boolean) => renderPage('/card', CONFERENCE_ADMIN, { path: 'card', element: <CommentsCard userId="u2" mayAdd={mayAdd} /> });

const mine: CommentView = {
  id: 'c1', createdAt: '2024-03-07T12:00:00.000Z', type: 'Behavior', comment: 'Leads the youth group well.', author: { id: 'viewer', firstName: 'Vera', lastName: 'Viewer' }, mine: true,
};
const theirs: CommentView = {
  id: 'c2', createdAt: '2024-02-01T12:00:00.000Z', type: 'Performance', comment: 'Missed two sessions.', author: { id: 'u9', firstName: 'Olga', lastName: 'Other' }, mine: false,
};

/** The comments of u2, changed by the add and remove calls as the server would. */
function commentsServer(initial: CommentView[] = [mine, theirs], refuseRemoval = false) {
  let comments = initial;
  return fakeServer({
    'GET /api/user/user-profile-comments/u2': () => comments,
    'POST /api/user/u2/comment': (request) => {
      const rows = (request.body as { comments: Array<{ type: CommentView['type']; comment: string }> }).comments;
      const added = rows.map((row, index): CommentView => ({ id: `new-${index}`, createdAt: '2024-04-01T12:00:00.000Z', ...row, author: mine.author, mine: true }));
      comments = [...added, ...comments];
      return { status: 201, body: added };
    },
    'DELETE /api/user/comments': (request) => {
      if (refuseRemoval) return { status: 403, body: { message: 'You may remove only your own comments.' } };
      const ids = (request.body as { comments: string[] }).comments;
      comments = comments.filter((comment) => !ids.includes(comment.id));
      return { removed: ids.length };
    },
  });
}

const rowOf = (table: HTMLElement, text: string) => within(table).getByText(text).closest('tr')!;

describe('Comments card', () => {
  it('lists each comment with its date, type, author and text; only own comments can be checked', async () => {
    commentsServer();
    const { container } = renderCard(true);
    const card = await screen.findByRole('region', { name: 'Comments' });
    const table = await within(card).findByRole('table', { name: 'Comments' });
    const first = within(rowOf(table, 'Leads the youth group well.'));
    expect(first.getByText('3/7/2024')).toBeTruthy();
    expect(first.getByText('Behavior')).toBeTruthy();
    expect(first.getByText('Vera Viewer')).toBeTruthy();
    const second = within(rowOf(table, 'Missed two sessions.'));
    expect(second.getByText('2/1/2024')).toBeTruthy();
    expect(second.getByText('Performance')).toBeTruthy();
    expect(second.getByText('Olga Other')).toBeTruthy();
    const own = within(table).getByRole('checkbox', { name: 'Select comment of 3/7/2024 by Vera Viewer' });
    const other = within(table).getByRole('checkbox', { name: 'Select comment of 2/1/2024 by Olga Other' });
    expect(own.hasAttribute('disabled')).toBe(false);
    expect(other.hasAttribute('disabled')).toBe(true);
    expect(within(card).getByRole('button', { name: 'Delete' }).hasAttribute('disabled')).toBe(true);
    await expectNoAxeViolations(container);
  });

  it('deletes the checked own comment through the API and reloads the list', async () => {
    const user = userEvent.setup();
    const server = commentsServer();
    renderCard(true);
    const card = await screen.findByRole('region', { name: 'Comments' });
    const table = await within(card).findByRole('table', { name: 'Comments' });
    await user.click(within(table).getByRole('checkbox', { name: 'Select comment of 3/7/2024 by Vera Viewer' }));
    const remove = within(card).getByRole('button', { name: 'Delete' });
    await waitFor(() => expect(remove.hasAttribute('disabled')).toBe(false));
    await user.click(remove);
    expect(await screen.findByText('Comment deleted.')).toBeTruthy();
    expect(server.to('/api/user/comments', 'DELETE')[0].body).toEqual({ userId: 'u2', comments: ['c1'] });
    await waitFor(() => expect(within(table).queryByText('Leads the youth group well.')).toBeNull());
    expect(within(table).getByText('Missed two sessions.')).toBeTruthy();
  });

  it("shows the server's refusal of a delete and keeps the comment", async () => {
    const user = userEvent.setup();
    commentsServer([mine, theirs], true);
    renderCard(true);
    const table = await screen.findByRole('table', { name: 'Comments' });
    await user.click(within(table).getByRole('checkbox', { name: 'Select comment of 3/7/2024 by Vera Viewer' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('You may remove only your own comments.')).toBeTruthy();
    expect(within(table).getByText('Leads the youth group well.')).toBeTruthy();
  });

  it("says 'No comments.' when there are none, and a viewer who may not add sees no '+ Add Comment'", async () => {
    commentsServer([]);
    renderCard(false);
    const card = await screen.findByRole('region', { name: 'Comments' });
    expect(await within(card).findByText('No comments.')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: '+ Add Comment' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Delete' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('Add Comments for User', () => {
  it("needs a type and a text in every row ('Field must be filled out.'), new rows typed Behavior, one row always there", async () => {
    const user = userEvent.setup();
    const server = commentsServer([]);
    renderCard(true);
    const card = await screen.findByRole('region', { name: 'Comments' });
    await within(card).findByText('No comments.');
    await user.click(within(card).getByRole('button', { name: '+ Add Comment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Comments for User' });
    const types = () => within(dialog).getAllByRole('combobox', { name: 'Type' }) as HTMLSelectElement[];
    expect(types().map((select) => select.value)).toEqual(['Behavior']);
    expect(within(dialog).queryByRole('button', { name: 'Remove comment 1' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Field must be filled out.')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Field must be filled out.')).toBeTruthy();
    expect(server.to('/api/user/u2/comment')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Add Another Comment' }));
    expect(types().map((select) => select.value)).toEqual(['Behavior', 'Behavior']);
    await user.click(within(dialog).getByRole('button', { name: 'Remove comment 2' }));
    expect(types()).toHaveLength(1);
    expect(within(dialog).queryByRole('button', { name: 'Remove comment 1' })).toBeNull();
    await expectNoAxeViolations(dialog);
  });

  it('saves every row in one call, closes, and lists the new comments', async () => {
    const user = userEvent.setup();
    const server = commentsServer([]);
    renderCard(true);
    const card = await screen.findByRole('region', { name: 'Comments' });
    await within(card).findByText('No comments.');
    await user.click(within(card).getByRole('button', { name: '+ Add Comment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Comments for User' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment' }), 'Kind to everyone.');
    await user.click(within(dialog).getByRole('button', { name: 'Add Another Comment' }));
    const second = within(within(dialog).getByRole('group', { name: 'Comment 2' }));
    await user.selectOptions(second.getByRole('combobox', { name: 'Type' }), 'Character');
    await user.type(second.getByRole('textbox', { name: 'Comment' }), 'Honest.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('2 comments added.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Comments for User' })).toBeNull());
    expect(server.to('/api/user/u2/comment', 'POST')[0].body).toEqual({
      comments: [
        { type: 'Behavior', comment: 'Kind to everyone.' },
        { type: 'Character', comment: 'Honest.' },
      ],
    });
    const table = await within(card).findByRole('table', { name: 'Comments' });
    expect(await within(table).findByText('Kind to everyone.')).toBeTruthy();
    expect(within(table).getByText('Honest.')).toBeTruthy();
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button, EmptyState } from '../../../web/src/components/ui';
import { expectNoAxeViolations } from '../../support/axe';

describe('EmptyState', () => {
  it('shows the message and a working action', async () => {
    const user = userEvent.setup();
    const onAdd = vi.fn();
    render(<EmptyState message="No participants enrolled in track." action={<Button onPress={onAdd}>+ Participant</Button>} />);
    expect(screen.getByText('No participants enrolled in track.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '+ Participant' }));
    expect(onAdd).toHaveBeenCalledTimes(1);
  });

  it('shows a title as a heading and accepts the action as children', () => {
    render(
      <EmptyState title="Page not found" message="There is nothing at this address.">
        <a href="/tracks">Go to Tracks</a>
      </EmptyState>,
    );
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Tracks' })).toBeTruthy();
  });

  it('has no axe violations', async () => {
    const { container } = render(<EmptyState title="Nothing here" message="No results" />);
    await expectNoAxeViolations(container);
  });
});

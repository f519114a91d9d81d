import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Button, DropdownPopover } from '../../../web/src/components/ui';
import { expectNoAxeViolations } from '../../support/axe';

function Bell() {
  return (
    <div>
      <p>Outside text</p>
      <DropdownPopover label="Notifications" trigger={<span aria-hidden="true">🔔</span>}>
        {(close) => (
          <section aria-label="Notifications list">
            <p>No notifications.</p>
            <Button variant="ghost" size="small" onPress={close}>
              Done
            </Button>
          </section>
        )}
      </DropdownPopover>
    </div>
  );
}

describe('DropdownPopover', () => {
  it('opens a labelled panel from its button and moves focus in', async () => {
    const user = userEvent.setup();
    render(<Bell />);
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    expect(panel.textContent).toContain('No notifications.');
    expect(panel.contains(document.activeElement)).toBe(true);
  });

  it('closes on a click outside', async () => {
    const user = userEvent.setup();
    render(<Bell />);
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    await user.click(screen.getByText('Outside text'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on Escape and returns focus to the trigger', async () => {
    const user = userEvent.setup();
    render(<Bell />);
    const trigger = screen.getByRole('button', { name: 'Notifications' });
    await user.tab();
    expect(document.activeElement).toBe(trigger);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    // react-aria restores focus on the next animation frame.
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('content can close the panel', async () => {
    const user = userEvent.setup();
    render(<Bell />);
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('has no axe violations when open', async () => {
    const user = userEvent.setup();
    render(<Bell />);
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    await expectNoAxeViolations(document.body);
  });
});

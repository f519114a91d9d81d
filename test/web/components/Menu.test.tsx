import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MenuButton } from '../../../web/src/components/ui';
import { expectNoAxeViolations } from '../../support/axe';

function TrackMenu({ onCreate = () => {}, onCopy = () => {} }: { onCreate?: () => void; onCopy?: () => void }) {
  return (
    <MenuButton
      label="Track"
      items={[
        { id: 'create', label: 'Create New', onAction: onCreate },
        { id: 'copy', label: 'Copy from Existing', onAction: onCopy },
        { id: 'profile', label: 'My Profile', href: '/users/7' },
      ]}
    />
  );
}

describe('MenuButton', () => {
  it('opens with Enter, moves with arrows and runs the chosen action', async () => {
    const user = userEvent.setup();
    const onCopy = vi.fn();
    render(<TrackMenu onCopy={onCopy} />);
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menu')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Create New' }));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Copy from Existing' }));
    await user.keyboard('{Enter}');
    expect(onCopy).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('Escape closes the menu and returns focus to the button', async () => {
    const user = userEvent.setup();
    render(<TrackMenu />);
    const button = screen.getByRole('button', { name: /Track/ });
    await user.click(button);
    expect(screen.getByRole('menu')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    // react-aria restores focus on the next animation frame.
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('link items are anchors with their href', async () => {
    const user = userEvent.setup();
    render(<TrackMenu />);
    await user.click(screen.getByRole('button', { name: /Track/ }));
    const item = screen.getByRole('menuitem', { name: 'My Profile' });
    expect(item.tagName).toBe('A');
    expect(item.getAttribute('href')).toBe('/users/7');
  });

  it('has no axe violations when open', async () => {
    const user = userEvent.setup();
    render(<TrackMenu />);
    await user.click(screen.getByRole('button', { name: /Track/ }));
    await expectNoAxeViolations(document.body);
  });
});

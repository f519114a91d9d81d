import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../../../web/src/components/ui';
import { expectNoAxeViolations } from '../../support/axe';

describe('Button', () => {
  it('runs onPress from a click, Enter and Space', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(<Button onPress={onPress}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    await user.click(button);
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onPress).toHaveBeenCalledTimes(3);
  });

  it('applies the variant and size classes', () => {
    render(
      <Button variant="danger" size="small">
        Delete
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button.className).toContain('ui-button-danger');
    expect(button.className).toContain('ui-button-small');
  });

  it('while pending shows a spinner and ignores presses', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    const { container } = render(
      <Button onPress={onPress} isPending>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: /Save/ });
    expect(container.querySelector('.ui-spinner-ring')).not.toBeNull();
    await user.click(button);
    expect(onPress).not.toHaveBeenCalled();
  });

  it('is disabled with isDisabled', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(
      <Button onPress={onPress} isDisabled>
        Save
      </Button>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onPress).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('leaves no announcement labelled by a button that is gone (a Save closing its dialog)', async () => {
    const user = userEvent.setup();
    const { rerender, unmount } = render(<Button>Save</Button>);
    await user.tab();
    rerender(<Button isPending>Save</Button>);
    const announced = () => document.querySelectorAll('[data-live-announcer] [aria-labelledby]').length;
    expect(announced()).toBe(1);
    unmount();
    expect(announced()).toBe(0);
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <div>
        <Button>Primary</Button>
        <Button variant="secondary">Secondary</Button>
        <Button variant="ghost" isPending>
          Pending
        </Button>
      </div>,
    );
    await expectNoAxeViolations(container);
  });

  it('focusable when disabled: stays in the tab order, aria-disabled and described, and ignores click, Enter and Space', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    const { container, rerender } = render(
      <>
        <Button onPress={onPress} isDisabled isFocusableWhenDisabled aria-describedby="why">
          Approve
        </Button>
        <span id="why">Not yet.</span>
      </>,
    );
    const button = screen.getByRole('button', { name: 'Approve' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.getAttribute('aria-describedby')).toBe('why');
    await user.tab();
    expect(document.activeElement).toBe(button);
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    await user.click(button);
    expect(onPress).not.toHaveBeenCalled();
    await expectNoAxeViolations(container);

    // Enabled again: the same element (focus kept) presses as any button.
    rerender(
      <Button onPress={onPress} isFocusableWhenDisabled>
        Approve
      </Button>,
    );
    expect(document.activeElement).toBe(button);
    expect(button.hasAttribute('aria-disabled')).toBe(false);
    await user.keyboard('{Enter}');
    expect(onPress).toHaveBeenCalledTimes(1);
  });
});

import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button, MODAL_CLOSE_MS, Modal } from '../../../web/src/components/ui';
import { expectNoAxeViolations } from '../../support/axe';

function Harness({ onClose = () => {}, closeMessage }: { onClose?: () => void; closeMessage?: string }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button onPress={() => setOpen(true)}>Open dialog</Button>
      <Modal
        isOpen={isOpen}
        title="Edit Phase"
        closeMessage={closeMessage}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        footer={(close) => (
          <Button variant="secondary" onPress={close}>
            Cancel
          </Button>
        )}
      >
        <label>
          Name <input />
        </label>
      </Modal>
    </>
  );
}

function fakeTimerUser() {
  vi.useFakeTimers();
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Modal', () => {
  it('exports the 280 ms close animation constant', () => {
    expect(MODAL_CLOSE_MS).toBe(280);
  });

  it('opens with a titled dialog, moves focus inside and traps Tab', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Phase' });
    expect(dialog.contains(document.activeElement)).toBe(true);
    for (let i = 0; i < 5; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('closes on Escape only after the 280 ms animation and returns focus to the trigger', async () => {
    const user = fakeTimerUser();
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const trigger = screen.getByRole('button', { name: 'Open dialog' });
    await user.click(trigger);
    await user.keyboard('{Escape}');
    await advance(MODAL_CLOSE_MS - 10);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
    await advance(10);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    await advance(50); // react-aria restores focus on the next animation frame
    expect(document.activeElement).toBe(trigger);
  });

  it('closes on a click outside the dialog after the animation', async () => {
    const user = fakeTimerUser();
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    const overlay = document.querySelector('.ui-modal-overlay')!;
    await user.click(overlay);
    expect(overlay.classList.contains('ui-closing')).toBe(true);
    await advance(MODAL_CLOSE_MS - 1);
    expect(onClose).not.toHaveBeenCalled();
    await advance(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('a click inside the dialog does not close it', async () => {
    const user = fakeTimerUser();
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    await user.click(screen.getByRole('textbox', { name: 'Name' }));
    await advance(MODAL_CLOSE_MS * 2);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('the footer close function and the header Close button animate too', async () => {
    const user = fakeTimerUser();
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).not.toHaveBeenCalled();
    await advance(MODAL_CLOSE_MS);
    expect(onClose).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await advance(MODAL_CLOSE_MS);
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('keeps the dialog mounted for the animation when the owner closes it', async () => {
    const user = fakeTimerUser();
    function OwnerClosed() {
      const [isOpen, setOpen] = useState(true);
      return (
        <Modal isOpen={isOpen} onClose={() => setOpen(false)} title="Announcements" footer={<Button onPress={() => setOpen(false)}>Done</Button>}>
          <p>Hello</p>
        </Modal>
      );
    }
    render(<OwnerClosed />);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByRole('dialog')).toBeTruthy();
    await advance(MODAL_CLOSE_MS);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  describe('with closeMessage', () => {
    const message = 'All your progress will be lost.';

    it('asks Yes/No on Escape; No keeps the dialog open', async () => {
      const user = fakeTimerUser();
      const onClose = vi.fn();
      render(<Harness onClose={onClose} closeMessage={message} />);
      await user.click(screen.getByRole('button', { name: 'Open dialog' }));
      await user.keyboard('{Escape}');
      const question = screen.getByRole('alertdialog');
      expect(question.textContent).toContain(message);
      await user.click(screen.getByRole('button', { name: 'No' }));
      await advance(MODAL_CLOSE_MS * 2);
      expect(onClose).not.toHaveBeenCalled();
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(screen.getByRole('dialog', { name: 'Edit Phase' })).toBeTruthy();
    });

    it('Escape on the question answers No', async () => {
      const user = fakeTimerUser();
      const onClose = vi.fn();
      render(<Harness onClose={onClose} closeMessage={message} />);
      await user.click(screen.getByRole('button', { name: 'Open dialog' }));
      await user.keyboard('{Escape}');
      expect(screen.getByRole('alertdialog')).toBeTruthy();
      await user.keyboard('{Escape}');
      await advance(MODAL_CLOSE_MS * 2);
      expect(screen.queryByRole('alertdialog')).toBeNull();
      expect(screen.getByRole('dialog', { name: 'Edit Phase' })).toBeTruthy();
      expect(onClose).not.toHaveBeenCalled();
    });

    it('asks on click-away too; Yes closes after the animation', async () => {
      const user = fakeTimerUser();
      const onClose = vi.fn();
      render(<Harness onClose={onClose} closeMessage={message} />);
      await user.click(screen.getByRole('button', { name: 'Open dialog' }));
      await user.click(document.querySelector('.ui-modal-overlay')!);
      expect(screen.getByRole('alertdialog').textContent).toContain(message);
      expect(onClose).not.toHaveBeenCalled();
      await user.click(screen.getByRole('button', { name: 'Yes' }));
      expect(onClose).not.toHaveBeenCalled();
      await advance(MODAL_CLOSE_MS);
      expect(onClose).toHaveBeenCalledTimes(1);
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    it('keyboard only: Escape, then Tab to Yes and Enter closes', async () => {
      const user = fakeTimerUser();
      const onClose = vi.fn();
      render(<Harness onClose={onClose} closeMessage={message} />);
      await user.click(screen.getByRole('button', { name: 'Open dialog' }));
      await user.keyboard('{Escape}');
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'No' }));
      await user.tab();
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Yes' }));
      await user.keyboard('{Enter}');
      await advance(MODAL_CLOSE_MS);
      expect(onClose).toHaveBeenCalledTimes(1);
    });
  });

  it('has no axe violations while open', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    await expectNoAxeViolations(document.body);
  });
});

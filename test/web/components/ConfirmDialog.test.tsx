import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, MODAL_CLOSE_MS } from '../../../web/src/components/ui';
import { expectNoAxeViolations } from '../../support/axe';

function Harness({ onConfirm = () => {}, onCancel = () => {} }: { onConfirm?: () => void; onCancel?: () => void }) {
  const [isOpen, setOpen] = useState(true);
  return (
    <ConfirmDialog
      isOpen={isOpen}
      title="Confirm Delete"
      message='Are you sure you want to delete the phase "Discernment"?'
      confirmLabel="Delete"
      tone="danger"
      onConfirm={() => {
        onConfirm();
        setOpen(false);
      }}
      onCancel={() => {
        onCancel();
        setOpen(false);
      }}
    />
  );
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ConfirmDialog', () => {
  it('is an alertdialog with the title and message, focus on Cancel', () => {
    render(<Harness />);
    const dialog = screen.getByRole('alertdialog', { name: 'Confirm Delete' });
    expect(dialog.textContent).toContain('Are you sure you want to delete the phase "Discernment"?');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  });

  it('confirm runs at once', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<Harness onConfirm={onConfirm} onCancel={onCancel} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('Cancel and Escape cancel after the close animation', async () => {
    vi.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const onCancel = vi.fn();
    render(<Harness onCancel={onCancel} />);
    await user.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(MODAL_CLOSE_MS);
    });
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('has no axe violations', async () => {
    render(<Harness />);
    await expectNoAxeViolations(document.body);
  });
});

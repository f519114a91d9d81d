import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button, TOAST_TIMEOUT_MS, ToastProvider, useToast } from '../../../web/src/components/ui';
import { expectNoAxeViolations } from '../../support/axe';

function SaveButton() {
  const { showToast } = useToast();
  return <Button onPress={() => showToast('Saved.', { tone: 'success' })}>Save</Button>;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Toast', () => {
  it('shows a message in the status region and removes it after the timeout', async () => {
    vi.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(
      <ToastProvider>
        <SaveButton />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('status').textContent).toContain('Saved.');
    await act(async () => {
      vi.advanceTimersByTime(TOAST_TIMEOUT_MS);
    });
    expect(screen.getByRole('status').textContent).not.toContain('Saved.');
  });

  it('can be dismissed at once', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <SaveButton />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('button', { name: 'Dismiss: Saved.' }));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('useToast without a provider fails clearly', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<SaveButton />)).toThrow(/ToastProvider/);
    spy.mockRestore();
  });

  it('has no axe violations with a toast shown', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <ToastProvider>
        <SaveButton />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectNoAxeViolations(container);
  });
});

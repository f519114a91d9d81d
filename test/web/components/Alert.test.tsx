import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Alert } from '../../../web/src/components/ui';
import { expectNoAxeViolations } from '../../support/axe';

describe('Alert', () => {
  it('errors and warnings are alerts', () => {
    render(
      <Alert tone="danger" title="We could not load your account.">
        Server unavailable
      </Alert>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('We could not load your account.');
    expect(alert.textContent).toContain('Server unavailable');
  });

  it('information is a polite status', () => {
    render(<Alert tone="info">Saved.</Alert>);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Saved.');
  });

  it('offers Dismiss when it can be dismissed', async () => {
    const user = userEvent.setup();
    const onDismiss = vi.fn();
    render(
      <Alert tone="warning" onDismiss={onDismiss}>
        Cannot deactivate your own account.
      </Alert>,
    );
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <Alert tone="danger" title="Not allowed" onDismiss={() => {}}>
        Cannot execute update on Conference.
      </Alert>,
    );
    await expectNoAxeViolations(container);
  });
});

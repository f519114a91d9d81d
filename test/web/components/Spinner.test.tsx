import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from '../../../web/src/components/ui';
import { expectNoAxeViolations } from '../../support/axe';

describe('Spinner', () => {
  it("is a progress indicator named 'Loading...' by default", () => {
    render(<Spinner />);
    const spinner = screen.getByRole('progressbar', { name: 'Loading...' });
    expect(spinner.hasAttribute('aria-valuenow')).toBe(false); // indeterminate
  });

  it('takes a label', () => {
    render(<Spinner label="Loading notifications..." />);
    expect(screen.getByRole('progressbar', { name: 'Loading notifications...' })).toBeTruthy();
  });

  it('has no axe violations', async () => {
    const { container } = render(<Spinner />);
    await expectNoAxeViolations(container);
  });
});

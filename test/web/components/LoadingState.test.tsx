import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingState } from '../../../web/src/components/ui';
import { expectNoAxeViolations } from '../../support/axe';

describe('LoadingState', () => {
  it('announces its message in a status region', () => {
    render(<LoadingState message="Loading your account..." />);
    expect(screen.getByRole('status').textContent).toBe('Loading your account...');
  });

  it("defaults to 'Loading...'", () => {
    render(<LoadingState />);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
  });

  it('has no axe violations', async () => {
    const { container } = render(<LoadingState message="Loading step..." />);
    await expectNoAxeViolations(container);
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Badge } from '../../../web/src/components/ui';
import { expectNoAxeViolations } from '../../support/axe';

describe('Badge', () => {
  it('shows its text with the tone class', () => {
    render(<Badge tone="success">Completed</Badge>);
    const badge = screen.getByText('Completed');
    expect(badge.className).toContain('ui-badge-success');
  });

  it('defaults to the neutral tone', () => {
    render(<Badge>v1</Badge>);
    expect(screen.getByText('v1').className).toContain('ui-badge-neutral');
  });

  it('has no axe violations', async () => {
    const { container } = render(<Badge tone="warning">Pending Review</Badge>);
    await expectNoAxeViolations(container);
  });
});

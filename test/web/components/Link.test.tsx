import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Link } from '../../../web/src/components/ui';
import { expectNoAxeViolations } from '../../support/axe';

describe('Link', () => {
  it('renders a styled anchor with its href', () => {
    render(<Link href="/users/42">Return to Profile</Link>);
    const link = screen.getByRole('link', { name: 'Return to Profile' });
    expect(link.getAttribute('href')).toBe('/users/42');
    expect(link.className).toContain('ui-link');
  });

  it('has no axe violations', async () => {
    const { container } = render(<Link href="/tracks">Track</Link>);
    await expectNoAxeViolations(container);
  });
});

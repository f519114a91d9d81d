import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import EmailVerificationPage from '../../../../web/src/features/users/EmailVerificationPage';
import { VerificationEmailSent } from '../../../../web/src/features/users/profile/VerificationEmailSent';
import { expectNoAxeViolations } from '../../../support/axe';

function showPage(query: string) {
  return render(
    <MemoryRouter initialEntries={[`/users/email-verification${query}`]}>
      <EmailVerificationPage />
    </MemoryRouter>,
  );
}

describe('/users/email-verification', () => {
  it("says 'Email has been verified.' with Return to Profile linking to /users/{user}", async () => {
    const { container } = showPage('?isVerified=true&user=u-42');
    expect(screen.getByText('Email has been verified.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Profile' }).getAttribute('href')).toBe('/users/u-42');
    await expectNoAxeViolations(container);
  });

  it("says 'Email could not be verified.' otherwise; no user, no link", () => {
    showPage('?isVerified=false');
    expect(screen.getByText('Email could not be verified.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Return to Profile' })).toBeNull();
  });
});

describe('Verification Email Sent', () => {
  it('names where the link went', async () => {
    render(<VerificationEmailSent email="new@example.org" onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Verification Email Sent' });
    expect(dialog.textContent).toContain('new@example.org');
    await expectNoAxeViolations(document.body);
  });
});

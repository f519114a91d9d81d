import { render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FeedbackLink } from '../../../../web/src/app/FeedbackLink';
import { fakeServer } from '../../../support/fake-server';

afterEach(() => vi.unstubAllGlobals());

function show() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <p>
        <FeedbackLink />
        <span>shell</span>
      </p>
    </SWRConfig>,
  );
}

describe('the shell feedback link', () => {
  it('links to the configured form in a new tab', async () => {
    fakeServer({ 'GET /api/app/settings': () => ({ feedbackUrl: 'https://forms.example.org/feedback' }) });
    show();
    const link = await screen.findByRole('link', { name: /^Feedback.*opens in a new tab/ });
    expect(link.getAttribute('href')).toBe('https://forms.example.org/feedback');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('shows no link without the setting', async () => {
    const server = fakeServer({ 'GET /api/app/settings': () => ({}) });
    show();
    await vi.waitFor(() => expect(server.to('/api/app/settings')).toHaveLength(1));
    expect(screen.queryByRole('link')).toBeNull();
  });
});

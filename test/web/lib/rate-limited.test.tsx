import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, SearchableSelect, type SelectOption } from '../../../web/src/components/ui';
import { ApiError } from '../../../web/src/lib/api/api-error';
import { call } from '../../../web/src/lib/api/client';

/**
 * A 429 from a rate-limited route (docs/security.md, "Rate limits") reaches the user as the
 * server's sentence saying how long to wait: in the fetch wrapper's error (tables, toasts,
 * alerts show `.message`) and in a search box's list, never as a crash or a bare status.
 */
const MESSAGE = 'Too many searches. Please try again in 40 seconds.';
const quickSearch = { id: 'user.quickSearch', method: 'GET', path: '/api/user/quickSearch' } as const;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('a 429 answer', () => {
  it('rejects the call with an ApiError carrying the server message, and sends nobody to sign-in', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ message: MESSAGE }), { status: 429, headers: { 'retry-after': '40' } }));
    vi.stubGlobal('fetch', fetch);
    const error = await call(quickSearch as never).catch((problem: unknown) => problem);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(429);
    expect((error as ApiError).message).toBe(MESSAGE);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('without a message in the body still reads as a sentence', () => {
    expect(new ApiError('/api/user/quickSearch', 429, 'Too Many Requests', null).message).toBe('Too many requests. Please wait a moment and try again.');
  });

  it("shows the server's message in a search box's list, and the generic text for other failures", async () => {
    vi.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const rateLimited = async (): Promise<SelectOption[]> => {
      throw new ApiError('/api/user/quickSearch', 429, 'Too Many Requests', { message: MESSAGE });
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { unmount } = render(<SearchableSelect label="Advisor" loadOptions={rateLimited} value={null} onChange={() => undefined} />);
    await user.type(screen.getByRole('combobox', { name: 'Advisor' }), 'an');
    await act(async () => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    });
    expect(screen.getByText(MESSAGE)).toBeTruthy();
    unmount();

    const broken = async (): Promise<SelectOption[]> => {
      throw new ApiError('/api/user/quickSearch', 500, 'Internal Server Error', null);
    };
    render(<SearchableSelect label="Advisor" loadOptions={broken} value={null} onChange={() => undefined} />);
    await user.type(screen.getByRole('combobox', { name: 'Advisor' }), 'an');
    await act(async () => {
      vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    });
    expect(screen.getByText('Options could not be loaded.')).toBeTruthy();
  });
});

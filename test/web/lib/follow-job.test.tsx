import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobView } from '../../../shared/schemas/job';
import { Button, TOAST_TIMEOUT_MS, ToastProvider } from '../../../web/src/components/ui';
import { useFollowJob } from '../../../web/src/lib/jobs/use-follow-job';
import { JOB_POLL_FIRST_MS, JOB_POLL_MAX_MS, jobPollDelay } from '../../../web/src/lib/jobs/use-job-progress';
import { expectNoAxeViolations } from '../../support/axe';
import { fakeServer, type Reply } from '../../support/fake-server';

const TITLE = 'Moving Grace Chapel to North District';

const job = (overrides: Partial<JobView>): JobView => ({
  id: 'job-1', kind: 'location.move', title: TITLE, status: 'running', done: 0, total: null,
  createdAt: '2025-01-01T00:00:00Z', updatedAt: '2025-01-01T00:00:00Z', ...overrides,
});

/** The job's answers in turn; the last one repeats. */
function jobServer(answers: Array<JobView | Reply>) {
  let reads = 0;
  return fakeServer({ 'GET /api/job/job-1': () => answers[Math.min(reads++, answers.length - 1)] });
}

function FollowButton({ onFinished }: { onFinished?: (job: JobView) => void }) {
  const followJob = useFollowJob();
  return <Button onPress={() => followJob('job-1', { onFinished })}>Move</Button>;
}

function renderFollower(onFinished?: (job: JobView) => void) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
      <ToastProvider>
        <FollowButton onFinished={onFinished} />
      </ToastProvider>
    </SWRConfig>,
  );
}

const passTime = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

async function startFollowing(onFinished?: (job: JobView) => void) {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const view = renderFollower(onFinished);
  await user.click(screen.getByRole('button', { name: 'Move' }));
  // The first read answers before any wait (findBy* would run the fake clock on).
  await passTime(0);
  return view;
}

beforeEach(() => {
  // Only the clock the polling waits on; the fake server's responses still resolve on their own.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('following a background job', () => {
  it('waits longer between reads as the job gets older, up to a ceiling', () => {
    expect([1, 2, 3, 4, 5, 6].map(jobPollDelay)).toEqual([JOB_POLL_FIRST_MS, 1000, 2000, 4000, JOB_POLL_MAX_MS, JOB_POLL_MAX_MS]);
  });

  it('shows an indeterminate bar until the total is known, then x of y, then a success toast, and stops reading', async () => {
    const server = jobServer([job({ status: 'queued' }), job({ done: 3, total: 10 }), job({ status: 'succeeded', done: 10, total: 10 })]);
    const onFinished = vi.fn();
    await startFollowing(onFinished);

    const bar = screen.getByRole('progressbar', { name: TITLE });
    expect(bar.hasAttribute('aria-valuenow')).toBe(false);

    await passTime(jobPollDelay(1));
    const counted = screen.getByRole('progressbar', { name: TITLE });
    expect(counted.getAttribute('aria-valuetext')).toBe('3 of 10');
    expect(counted.getAttribute('aria-valuenow')).toBe('3');
    expect(screen.getByText('3 of 10')).toBeTruthy();
    expect(onFinished).not.toHaveBeenCalled();

    await passTime(jobPollDelay(2));
    expect(screen.getByRole('status').textContent).toContain(`${TITLE}: done.`);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(onFinished).toHaveBeenCalledTimes(1);
    expect(onFinished.mock.calls[0][0]).toMatchObject({ status: 'succeeded', done: 10 });

    const reads = server.to('/api/job/job-1').length;
    await passTime(JOB_POLL_MAX_MS * 4);
    expect(server.to('/api/job/job-1')).toHaveLength(reads);
    expect(onFinished).toHaveBeenCalledTimes(1);
    // The success toast goes away by itself.
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it("a failed job says why and stays until dismissed", async () => {
    jobServer([job({ done: 1, total: 4 }), job({ status: 'failed', done: 1, total: 4, error: 'North District was deactivated meanwhile.' })]);
    const onFinished = vi.fn();
    await startFollowing(onFinished);
    expect(screen.getByRole('progressbar', { name: TITLE })).toBeTruthy();
    await passTime(JOB_POLL_MAX_MS);
    const message = `${TITLE} failed: North District was deactivated meanwhile.`;
    expect(screen.getByRole('status').textContent).toContain(message);
    expect(onFinished).toHaveBeenCalledWith(expect.objectContaining({ status: 'failed' }));
    await passTime(TOAST_TIMEOUT_MS * 2);
    expect(screen.getByRole('status').textContent).toContain(message);
    await act(() => screen.getByRole('button', { name: `Dismiss: ${message}` }).click());
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('dismissing the progress hides it, but the outcome still shows and the follower still hears of it', async () => {
    jobServer([job({ done: 1, total: 4 }), job({ status: 'succeeded', done: 4, total: 4 })]);
    const onFinished = vi.fn();
    await startFollowing(onFinished);
    await act(() => screen.getByRole('button', { name: `Dismiss: ${TITLE}` }).click());
    expect(screen.queryByRole('progressbar')).toBeNull();
    await passTime(jobPollDelay(1));
    expect(screen.getByRole('status').textContent).toContain(`${TITLE}: done.`);
    expect(onFinished).toHaveBeenCalledTimes(1);
  });

  it('a job that cannot be read shows the error', async () => {
    jobServer([{ status: 403, body: { message: 'Forbidden' } }]);
    await startFollowing();
    expect(screen.getByRole('status').textContent).toContain('Forbidden');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('the progress toast has no axe violations', async () => {
    jobServer([job({ done: 2, total: 5 })]);
    const { container } = await startFollowing();
    expect(screen.getByRole('progressbar', { name: TITLE })).toBeTruthy();
    vi.useRealTimers(); // axe waits on real timers
    await expectNoAxeViolations(container);
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PACKET_RUNNING } from '../../../../shared/api/candidate-packet';
import type { TrackInstanceView } from '../../../../shared/schemas/track-instance';
import TrackInstancePage from '../../../../web/src/features/tracks/assignments/TrackInstancePage';
import { DOWNLOAD_PACKET_LABEL, PACKET_LABEL } from '../../../../web/src/components/packet/CandidatePacketButton';
import { expectNoAxeViolations } from '../../../support/axe';
import { CONFERENCE_ADMIN, fakeServer, renderPage } from '../admin/admin-harness';

/** The candidate packet on the enrolment's page (issue 27, item 5): start, progress, download; a refusal said plainly. */
afterEach(() => vi.unstubAllGlobals());

const PATH = '/tracks/t1/assignments/i1';
const view: TrackInstanceView = {
  id: 'i1',
  version: 3,
  status: 'Open',
  trackTemplateId: 't1',
  trackName: 'Candidacy Pathway',
  createdAt: '2025-01-06T15:00:00.000Z',
  participant: { id: 'u1', firstName: 'Pat', lastName: 'Lopez', avatarUrl: null },
  advisors: [],
  phases: [],
  progress: { completed: 0, total: 0 },
  canChangeStatus: false,
  missingSteps: 0,
};
const job = (status: 'running' | 'succeeded' | 'failed') => ({
  id: 'packet-1',
  kind: 'enrolment.packet',
  title: 'Candidate packet of Pat Lopez',
  status,
  done: status === 'running' ? 1 : 2,
  total: 2,
  ...(status === 'succeeded' ? { result: { fileName: 'candidate-packet-Lopez-Pat-2026-12-07.pdf', bytes: 9000, pages: 2, expiresAt: '2026-12-14T12:00:00.000Z' } } : {}),
  ...(status === 'failed' ? { error: 'You may no longer open this enrolment.' } : {}),
  createdAt: '2026-12-07T12:00:00.000Z',
  updatedAt: '2026-12-07T12:00:00.000Z',
});
const renderInstance = () => renderPage(PATH, CONFERENCE_ADMIN, { path: 'tracks/:id/assignments/:trackInstanceId/*', element: <TrackInstancePage /> });

describe('Candidate packet (PDF)', () => {
  it('starts from the keyboard with the page size chosen, follows the job, then downloads through the link route', async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    let polls = 0;
    const server = fakeServer({
      'GET /api/track/track-instance/{id}': () => view,
      'POST /api/track/track-instance/i1/packet': () => ({ status: 202, body: { jobId: 'packet-1' } }),
      'GET /api/job/packet-1': () => job(++polls > 1 ? 'succeeded' : 'running'),
      'GET /api/track/track-instance/i1/packet/link': () => ({ url: 'https://uploads.example.org/exports/packet.pdf?X-Amz-Expires=900', name: 'candidate-packet-Lopez-Pat-2026-12-07.pdf' }),
    });
    const { container } = renderInstance();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Page size' }), 'Letter');
    const button = screen.getByRole('button', { name: PACKET_LABEL });
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(server.to('/api/track/track-instance/i1/packet', 'POST')).toHaveLength(1));
    expect(server.to('/api/track/track-instance/i1/packet', 'POST')[0].body).toEqual({ pageSize: 'Letter' });
    const link = await screen.findByRole('link', { name: DOWNLOAD_PACKET_LABEL }, { timeout: 5000 });
    await expectNoAxeViolations(container);
    expect(server.to('/api/track/track-instance/i1/packet/link')).toHaveLength(0);
    await user.click(link);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://uploads.example.org/exports/packet.pdf?X-Amz-Expires=900'));
  });

  it('says why when one is already being made (409), and why a job failed, offering no download', async () => {
    const user = userEvent.setup();
    let first = true;
    fakeServer({
      'GET /api/track/track-instance/{id}': () => view,
      'POST /api/track/track-instance/i1/packet': () => {
        if (first) {
          first = false;
          return { status: 409, body: { message: PACKET_RUNNING } };
        }
        return { status: 202, body: { jobId: 'packet-1' } };
      },
      'GET /api/job/packet-1': () => job('failed'),
    });
    const { container } = renderInstance();
    await user.click(await screen.findByRole('button', { name: PACKET_LABEL }));
    expect((await screen.findByRole('alert')).textContent).toContain(PACKET_RUNNING);
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('button', { name: PACKET_LABEL }));
    await waitFor(() => expect(screen.getAllByText('You may no longer open this enrolment.').length).toBeGreaterThan(0), { timeout: 5000 });
    expect(screen.queryByRole('link', { name: DOWNLOAD_PACKET_LABEL })).toBeNull();
  });
});

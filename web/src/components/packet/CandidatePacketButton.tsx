import { PACKET_PAGE_SIZES } from '@shared/api/candidate-packet';
import { useState } from 'react';
import { Alert, Button, Link, SelectField } from '../ui';
import { useFollowJob } from '../../lib/jobs/use-follow-job';
import { packetLink, startPacket } from './packet-api';
import './packet.css';

export const PACKET_LABEL = 'Candidate packet (PDF)';
export const DOWNLOAD_PACKET_LABEL = 'Download packet';
export const PACKET_FAILED = 'The packet could not be made. Try again.';

type PageSize = (typeof PACKET_PAGE_SIZES)[number];

/**
 * The candidate packet (issue 27, item 5; docs/security.md "Candidate packet") on the enrolment's
 * page and on a committee vote's step page (a member's packet holds what the step page opens to
 * them), which only those who may open them see, as the server decides the same. The button
 * starts the job and follows it in the progress toast; once it has succeeded, "Download packet" reads
 * the link at the press (it lasts minutes, and the read is recorded in the candidate's log first).
 */
export function CandidatePacketButton({ trackInstanceId }: { trackInstanceId: string }) {
  const followJob = useFollowJob();
  const [pageSize, setPageSize] = useState<PageSize>('A4');
  const [state, setState] = useState<'idle' | 'running' | 'ready'>('idle');
  const [problem, setProblem] = useState<string | null>(null);

  async function start() {
    setProblem(null);
    setState('running');
    try {
      const { jobId } = await startPacket(trackInstanceId, { pageSize });
      followJob(jobId, {
        onFinished: (job) => {
          setState(job.status === 'succeeded' ? 'ready' : 'idle');
          if (job.status === 'failed') setProblem(job.error ?? PACKET_FAILED);
        },
      });
    } catch (error) {
      setState('idle');
      setProblem((error as Error).message);
    }
  }

  async function download() {
    setProblem(null);
    try {
      const { url } = await packetLink(trackInstanceId);
      window.location.assign(url);
    } catch (error) {
      setProblem((error as Error).message);
      setState('idle');
    }
  }

  return (
    <div className="instance-packet">
      <SelectField label="Page size" value={pageSize} options={PACKET_PAGE_SIZES} isDisabled={state === 'running'} onChange={(value) => value && setPageSize(value as PageSize)} />
      <Button variant="secondary" isDisabled={state === 'running'} onPress={() => void start()}>
        {PACKET_LABEL}
      </Button>
      {state === 'ready' && <Link onPress={() => void download()}>{DOWNLOAD_PACKET_LABEL}</Link>}
      {problem && <Alert tone="danger">{problem}</Alert>}
    </div>
  );
}

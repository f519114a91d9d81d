import type { UserView } from '@shared/schemas/user';
import { useState } from 'react';
import { Alert, Button, Link } from '../../../components/ui';
import { useCurrentUser } from '../../../lib/current-user';
import { useFollowJob } from '../../../lib/jobs/use-follow-job';
import { dataExportLink, startDataExport } from './data-export-api';

export const EXPORT_DATA_LABEL = 'Export data';
export const DOWNLOAD_EXPORT_LABEL = 'Download export';

/** Superadmins export anyone (the server decides the same: shared/api/user-export.ts). */
const isSuperadmin = (user: UserView) => user.roles.some((role) => role.system && role.name === 'Superadmin');

/**
 * A person's data export (issue 25, item 4; docs/security.md "Data export"): on one's own profile
 * for everyone, on anyone's for superadmins. The button starts the export and follows its job in
 * the progress toast; once it has succeeded, "Download export" reads the link (the read is recorded
 * first, for someone else's data) and goes to it. The archive is kept for days; the link for minutes,
 * so it is read at the press.
 */
export function DataExportButton({ user }: { user: UserView }) {
  const me = useCurrentUser();
  const followJob = useFollowJob();
  const [state, setState] = useState<'idle' | 'running' | 'ready'>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  if (user.id !== me.id && !isSuperadmin(me)) return null;

  async function start() {
    setProblem(null);
    setState('running');
    try {
      const { jobId } = await startDataExport(user.id);
      followJob(jobId, { onFinished: (job) => setState(job.status === 'succeeded' ? 'ready' : 'idle') });
    } catch (error) {
      setState('idle');
      setProblem((error as Error).message);
    }
  }

  async function download() {
    setProblem(null);
    try {
      const { url } = await dataExportLink(user.id);
      window.location.assign(url);
    } catch (error) {
      setProblem((error as Error).message);
      setState('idle');
    }
  }

  return (
    <div className="users-status-actions">
      <Button variant="secondary" isDisabled={state === 'running'} onPress={() => void start()}>
        {EXPORT_DATA_LABEL}
      </Button>
      {state === 'ready' && <Link onPress={() => void download()}>{DOWNLOAD_EXPORT_LABEL}</Link>}
      {problem && <Alert tone="danger">{problem}</Alert>}
    </div>
  );
}

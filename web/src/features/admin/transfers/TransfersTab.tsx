import { useState } from 'react';
import type { TransferLists, TransferView } from '@shared/schemas/transfer';
import { Alert, LoadingState, useToast, type SelectOption } from '../../../components/ui';
import { routes } from '../../../lib/api/routes';
import { useApi } from '../../../lib/api/use-api';
import { JOB_POLL_MAX_MS } from '../../../lib/jobs/use-job-progress';
import { useGovernedScopes } from '../governed-scopes';
import { ConferenceScopedTab } from '../GovernedScopeTabs';
import { RequestTransferForm } from './RequestTransferForm';
import { TransferDialog, type TransferAction, type TransferOutcome } from './TransferDialogs';
import { TransferList } from './TransferList';
import { nameOf } from './transfer-text';
import './transfers.css';

export const NO_INCOMING = 'No transfers requested by this conference.';
export const NO_OUTGOING = 'No other conference has asked for a candidate of this conference.';

/** While a transfer is moving, the lists are read again now and then: its job is readable only by whoever approved it. */
const whileMoving = (lists: TransferLists | undefined) => ([...(lists?.incoming ?? []), ...(lists?.outgoing ?? [])].some((transfer) => transfer.status === 'moving') ? JOB_POLL_MAX_MS : 0);

/**
 * /admin/transfers (issue 26, item 4; shared/api/transfer.ts): in one conference at a time, a
 * request for a candidate of another conference, the candidates this conference asked for
 * (incoming, which it may withdraw while undecided) and those other conferences asked it for
 * (outgoing, which it approves or refuses). Superadmins and conference admins; the server decides
 * each conference and each action.
 */
export function TransfersTab() {
  const scopes = useGovernedScopes({ withSystem: false });
  return (
    <ConferenceScopedTab scopes={scopes} none="You do not administer a conference, so there are no transfers to show.">
      {(scope) => <ConferenceTransfers conference={scope} />}
    </ConferenceScopedTab>
  );
}

function ConferenceTransfers({ conference }: { conference: SelectOption }) {
  const { showToast } = useToast();
  const lists = useApi(routes.conference.transfers, { params: { id: conference.id } }, { refreshInterval: whileMoving });
  const [action, setAction] = useState<TransferAction | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  // The row whose action just ended, once the lists are read again: focus goes to it if its buttons have gone.
  const [focusId, setFocusId] = useState<string | null>(null);
  const reload = () => void lists.mutate();

  function requested(transfer: TransferView) {
    showToast(`${nameOf(transfer)} was requested from ${transfer.from.name}.`, { tone: 'success' });
    setConflict(null);
    reload();
  }

  async function ended(outcome: TransferOutcome) {
    const transferId = action?.transfer.transferId ?? null;
    setAction(null);
    if ('success' in outcome) {
      showToast(outcome.success, { tone: 'success' });
      setConflict(null);
    } else setConflict(outcome.conflict);
    await lists.mutate();
    setFocusId(transferId);
  }

  let body;
  if (lists.error && !lists.data) body = <Alert tone="danger">{(lists.error as Error).message}</Alert>;
  else if (!lists.data) body = <LoadingState message="Loading the transfers..." />;
  else {
    const rows = { onAction: setAction, onJobEnded: reload, focusId, onFocused: () => setFocusId(null) };
    body = (
      <>
        {conflict && (
          <Alert tone="warning" onDismiss={() => setConflict(null)}>
            {conflict}
          </Alert>
        )}
        <TransferList id="transfers-incoming" title="Incoming" intro="Candidates this conference asked other conferences for." empty={NO_INCOMING} transfers={lists.data.incoming} {...rows} />
        <TransferList id="transfers-outgoing" title="Outgoing" intro="Candidates of this conference that other conferences asked for." empty={NO_OUTGOING} transfers={lists.data.outgoing} {...rows} />
      </>
    );
  }
  return (
    <>
      <RequestTransferForm conferenceId={conference.id} onRequested={requested} />
      <section className="transfers-section" aria-labelledby="transfers-lists-title">
        <h2 id="transfers-lists-title" className="transfers-title">{`Transfers of ${conference.label}`}</h2>
        {body}
      </section>
      {action && <TransferDialog action={action} onClose={() => setAction(null)} onEnded={(outcome) => void ended(outcome)} />}
    </>
  );
}

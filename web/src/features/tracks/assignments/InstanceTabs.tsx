import { Suspense, type ReactNode } from 'react';
import { useLocation, useParams } from 'react-router';
import type { TrackInstanceView } from '@shared/schemas/track-instance';
import { LoadingState, Tabs } from '../../../components/ui';
import { useAbility } from '../../../lib/ability';
import { lazyChunk } from '../../../lib/chunk-load';
import { LegalHoldControl } from '../../retention/LegalHoldControl';

// The History loads when its tab is opened, off the track page's own load.
const HistoryPanel = lazyChunk(() => import('../../../components/audit/HistoryPanel').then((m) => ({ default: m.HistoryPanel })));

/**
 * The participant's track page's tabs (issue 25): Track (progress and phases) and History, the
 * enrolment's audit trail, for those who act on the enrolment (its advisor or a track-override
 * role, never the participant; the server decides who reads it). Everyone else sees the track alone.
 * Above the History, for those who govern the enrolment's conference, its legal hold.
 */
export function InstanceTabs({ view, children }: { view: TrackInstanceView; children: ReactNode }) {
  const { pathname } = useLocation();
  const { id = view.trackTemplateId } = useParams();
  const ability = useAbility();
  if (!view.canChangeStatus) return <>{children}</>;
  const base = `/tracks/${id}/assignments/${view.id}`;
  const selected = pathname.startsWith(`${base}/history`) ? 'history' : 'track';
  const items = [
    { id: 'track', label: 'Track', href: base },
    { id: 'history', label: 'History', href: `${base}/history` },
  ];
  return (
    <Tabs aria-label="Enrolment" items={items} selectedKey={selected}>
      <Suspense fallback={<LoadingState message="Loading..." />}>
        {selected === 'history' ? (
          <div className="instance-history">
            {ability.can('update', 'Conference') && <LegalHoldControl recordKind="TrackInstance" recordId={view.id} />}
            <HistoryPanel chainKind="TrackInstance" recordId={view.id} />
          </div>
        ) : (
          children
        )}
      </Suspense>
    </Tabs>
  );
}

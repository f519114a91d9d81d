import { Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { LoadingState, Tabs } from '../../components/ui';
import { useAbility } from '../../lib/ability';
import type { TrackOutline } from '@shared/schemas/track';
import { lazyChunk } from '../../lib/chunk-load';

// Each tab's page loads when it is opened: the editor never waits for the participants table.
const ParticipantsTab = lazyChunk(() => import('./participants/ParticipantsTab').then((m) => ({ default: m.ParticipantsTab })));
const InterviewersPage = lazyChunk(() => import('./interviewers/InterviewersPage'));
const HistoryPanel = lazyChunk(() => import('../../components/audit/HistoryPanel').then((m) => ({ default: m.HistoryPanel })));

const TABS = [
  { id: 'editor', label: 'Editor', path: '' },
  { id: 'participants', label: 'Participants', path: '/participants' },
  { id: 'interviewers', label: 'Interviewer Groups', path: '/interviewers' },
  // Issue 25: the track's audit trail, for those who may edit it.
  { id: 'history', label: 'History', path: '/history' },
] as const;

/**
 * The tab bar of /tracks/{id} (SPEC.md section 2): Editor, Participants and Interviewer Groups,
 * shown only to users allowed to update TrackInstance, and History (issue 25) to those who may
 * edit this track; everyone else sees the editor alone. Each
 * tab is a route, so links and Back work. The default route is the editor, shown to superadmins
 * or when the track has a conference: on a System track anyone else has no Editor tab and lands
 * on Participants (they cannot edit a System track; SPEC.md section 6).
 */
export function TrackTabs({ track, editor }: { track: TrackOutline; editor: ReactNode }) {
  const ability = useAbility();
  const { pathname } = useLocation();
  const base = `/tracks/${track.id}`;
  const managesEnrolments = ability.can('update', 'TrackInstance');
  if (!managesEnrolments && !track.canEdit) return <>{editor}</>;
  const showsEditor = ability.can('manage', 'all') || track.conference !== null;
  const tabs = TABS.filter((tab) => (tab.id === 'editor' ? showsEditor : tab.id === 'history' ? track.canEdit : managesEnrolments));
  const selected = tabs.find((tab) => tab.path && pathname.startsWith(`${base}${tab.path}`))?.id ?? tabs[0].id;
  return (
    <Tabs aria-label="Track" items={tabs.map((tab) => ({ id: tab.id, label: tab.label, href: `${base}${tab.path}` }))} selectedKey={selected}>
      <Suspense fallback={<LoadingState message="Loading..." />}>
        <Routes>
          <Route path="participants/*" element={<ParticipantsTab track={track} />} />
          <Route path="interviewers/*" element={<InterviewersPage track={track} />} />
          {track.canEdit && <Route path="history" element={<HistoryPanel chainKind="TrackTemplate" recordId={track.id} />} />}
          <Route path="*" element={showsEditor ? editor : <Navigate to={`${base}/participants`} replace />} />
        </Routes>
      </Suspense>
    </Tabs>
  );
}

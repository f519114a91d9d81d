import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { LoadingState, Tabs } from '../../components/ui';
import { useAbility } from '../../lib/ability';
import type { TrackOutline } from '@shared/schemas/track';

// Each tab's page loads when it is opened: the editor never waits for the participants table.
const ParticipantsTab = lazy(() => import('./participants/ParticipantsTab').then((m) => ({ default: m.ParticipantsTab })));
const InterviewersPage = lazy(() => import('./interviewers/InterviewersPage'));

const TABS = [
  { id: 'editor', label: 'Editor', path: '' },
  { id: 'participants', label: 'Participants', path: '/participants' },
  { id: 'interviewers', label: 'Interviewer Groups', path: '/interviewers' },
] as const;

/**
 * The tab bar of /tracks/{id} (SPEC.md section 2): Editor, Participants and Interviewer Groups,
 * shown only to users allowed to update TrackInstance; everyone else sees the editor alone. Each
 * tab is a route, so links and Back work.
 */
export function TrackTabs({ track, editor }: { track: TrackOutline; editor: ReactNode }) {
  const ability = useAbility();
  const { pathname } = useLocation();
  const base = `/tracks/${track.id}`;
  if (!ability.can('update', 'TrackInstance')) return <>{editor}</>;
  const selected = TABS.find((tab) => tab.path && pathname.startsWith(`${base}${tab.path}`))?.id ?? 'editor';
  return (
    <Tabs aria-label="Track" items={TABS.map((tab) => ({ id: tab.id, label: tab.label, href: `${base}${tab.path}` }))} selectedKey={selected}>
      <Suspense fallback={<LoadingState message="Loading..." />}>
        <Routes>
          <Route path="participants/*" element={<ParticipantsTab track={track} />} />
          <Route path="interviewers/*" element={<InterviewersPage track={track} />} />
          <Route path="*" element={editor} />
        </Routes>
      </Suspense>
    </Tabs>
  );
}

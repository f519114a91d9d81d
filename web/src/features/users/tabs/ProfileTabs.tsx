import { Suspense, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { LoadingState, Tabs } from '../../../components/ui';
import { useAbility } from '../../../lib/ability';
import { useEntityCheck } from '../../../lib/gate';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';

// Each tab's table is loaded when the tab is opened, off the profile's first load.
const DocumentsTab = lazyWithPreload(() => import('./DocumentsTab').then((module) => module.DocumentsTab));
const AssignmentsTab = lazyWithPreload(() => import('./AssignmentsTab').then((module) => module.AssignmentsTab));
const FormsTab = lazyWithPreload(() => import('./FormsTab').then((module) => module.FormsTab));
const HistoryPanel = lazyWithPreload(() => import('../../../components/audit/HistoryPanel').then((module) => module.HistoryPanel));
const ReadLogPanel = lazyWithPreload(() => import('../../read-log/ReadLogPanel').then((module) => module.ReadLogPanel));

const TABS = [
  { id: 'documents', label: 'Documents' },
  { id: 'assignments', label: 'User Assignments' },
  { id: 'forms', label: 'Forms' },
  // Issue 25: the person's audit trail, for those who may change their access (as the server reads it).
  { id: 'history', label: 'History' },
  // Issue 25: who has read the person's confidential documents, for superadmins and conference admins (the server decides).
  { id: 'access-log', label: 'Access log' },
] as const;

/**
 * The profile's tabs (SPEC.md section 2): Profile and, for users allowed to update User,
 * Documents, User Assignments and Forms, each its own route under /users/{id}; History (issue
 * 25) for those who may change this person's access. Everyone else sees the profile alone.
 */
export function ProfileTabs({ userId, children }: { userId: string; children: ReactNode }) {
  const ability = useAbility();
  const segment = (useParams()['*'] ?? '').split('/')[0];
  // Opened by its address, History waits for no check: the server refuses those it must.
  const historyCheck = useEntityCheck('update', 'User', userId);
  const showsHistory = historyCheck ?? segment === 'history';
  if (!ability.can('update', 'User')) return <>{children}</>;
  const showsReadLog = ability.can('update', 'Conference') || segment === 'access-log';
  const tabs = TABS.filter((tab) => (tab.id !== 'history' || showsHistory) && (tab.id !== 'access-log' || showsReadLog));
  const selected = tabs.find((tab) => tab.id === segment)?.id ?? 'profile';
  const base = `/users/${userId}`;
  const panels: Record<string, ReactNode> = {
    profile: children,
    documents: <DocumentsTab userId={userId} />,
    assignments: <AssignmentsTab userId={userId} />,
    forms: <FormsTab userId={userId} />,
    history: <HistoryPanel chainKind="User" recordId={userId} />,
    'access-log': <ReadLogPanel userId={userId} />,
  };
  return (
    <Tabs aria-label="Profile sections" items={[{ id: 'profile', label: 'Profile', href: base }, ...tabs.map((tab) => ({ ...tab, href: `${base}/${tab.id}` }))]} selectedKey={selected}>
      <Suspense fallback={<LoadingState message="Loading..." />}>{panels[selected]}</Suspense>
    </Tabs>
  );
}

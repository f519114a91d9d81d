import { Suspense, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { LoadingState, Tabs } from '../../../components/ui';
import { useAbility } from '../../../lib/ability';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';

// Each tab's table is loaded when the tab is opened, off the profile's first load.
const DocumentsTab = lazyWithPreload(() => import('./DocumentsTab').then((module) => module.DocumentsTab));
const AssignmentsTab = lazyWithPreload(() => import('./AssignmentsTab').then((module) => module.AssignmentsTab));
const FormsTab = lazyWithPreload(() => import('./FormsTab').then((module) => module.FormsTab));

const TABS = [
  { id: 'documents', label: 'Documents' },
  { id: 'assignments', label: 'User Assignments' },
  { id: 'forms', label: 'Forms' },
] as const;

/**
 * The profile's tabs (SPEC.md section 2): Profile and, for users allowed to update User,
 * Documents, User Assignments and Forms, each its own route under /users/{id}. Everyone else
 * sees the profile alone.
 */
export function ProfileTabs({ userId, children }: { userId: string; children: ReactNode }) {
  const ability = useAbility();
  const segment = (useParams()['*'] ?? '').split('/')[0];
  if (!ability.can('update', 'User')) return <>{children}</>;
  const selected = TABS.find((tab) => tab.id === segment)?.id ?? 'profile';
  const base = `/users/${userId}`;
  const panels: Record<string, ReactNode> = {
    profile: children,
    documents: <DocumentsTab userId={userId} />,
    assignments: <AssignmentsTab userId={userId} />,
    forms: <FormsTab userId={userId} />,
  };
  return (
    <Tabs aria-label="Profile sections" items={[{ id: 'profile', label: 'Profile', href: base }, ...TABS.map((tab) => ({ ...tab, href: `${base}/${tab.id}` }))]} selectedKey={selected}>
      <Suspense fallback={<LoadingState message="Loading..." />}>{panels[selected]}</Suspense>
    </Tabs>
  );
}

import type { AppAbility } from '@shared/auth/ability';
import type { Action, Subject } from '@shared/auth/vocabulary';

export type AdminTabId = 'churches' | 'districts' | 'conferences' | 'episcopal-areas' | 'jurisdictions' | 'advisors' | 'roles' | 'announcements';

export interface AdminTab {
  id: AdminTabId;
  label: string;
  /** The check that shows the tab; tabs without one come with the page (update Conference). */
  gate?: { I: Action; a: Subject };
}

/** SPEC.md section 2, Admin: the tabs in order, their labels and who sees them (Announcements: issue 13). */
export const ADMIN_TABS: readonly AdminTab[] = [
  { id: 'churches', label: 'Churches' },
  { id: 'districts', label: 'Districts' },
  { id: 'conferences', label: 'Conferences' },
  { id: 'episcopal-areas', label: 'Episcopal Areas', gate: { I: 'update', a: 'EpiscopalArea' } },
  { id: 'jurisdictions', label: 'Jurisdictions', gate: { I: 'update', a: 'Jurisdiction' } },
  { id: 'advisors', label: 'Advisors' },
  { id: 'roles', label: 'Roles', gate: { I: 'create', a: 'Role' } },
  // Issue 13: who may manage announcements (a superadmin; a conference admin for their conference).
  { id: 'announcements', label: 'Announcements', gate: { I: 'update', a: 'Announcement' } },
];

/** Where /admin lands. */
export const DEFAULT_ADMIN_TAB: AdminTabId = 'conferences';

export const adminTabPath = (id: AdminTabId) => `/admin/${id}`;

export function isAdminTabVisible(tab: AdminTab, ability: AppAbility): boolean {
  return !tab.gate || ability.can(tab.gate.I, tab.gate.a);
}

export function findAdminTab(id: string | undefined): AdminTab | undefined {
  return ADMIN_TABS.find((tab) => tab.id === id);
}

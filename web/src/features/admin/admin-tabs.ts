import type { AppAbility } from '@shared/auth/ability';
import { hasAnySystemRole, type RoleRef } from '@shared/auth/permissions';
import { roleLabel } from '@shared/auth/system-roles';
import type { Action, Subject, SystemRoleName } from '@shared/auth/vocabulary';

export type AdminTabId = 'churches' | 'districts' | 'conferences' | 'episcopal-areas' | 'jurisdictions' | 'advisors' | 'roles' | 'announcements' | 'audit' | 'retention' | 'transfers' | 'import';

export interface AdminTab {
  id: AdminTabId;
  label: string;
  /** The check that shows the tab; tabs without one come with the page (update Conference). */
  gate?: { I: Action; a: Subject };
  /** Besides the gate, holders of one of these roles only (where the ability cannot tell: a district admin's update Conference reaches no conference). */
  roles?: readonly SystemRoleName[];
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
  // Issue 25: the organisation's audit trail, for those who govern a conference (or the whole).
  { id: 'audit', label: 'Audit', gate: { I: 'update', a: 'Conference' }, roles: ['Superadmin', 'ConferenceAdmin'] },
  // Issue 25: retention periods, the next purge and legal holds, for the same people.
  { id: 'retention', label: 'Retention', gate: { I: 'update', a: 'Conference' }, roles: ['Superadmin', 'ConferenceAdmin'] },
  // Issue 26, item 4: candidates transferred between conferences, for the same people.
  { id: 'transfers', label: 'Transfers', gate: { I: 'update', a: 'Conference' }, roles: ['Superadmin', 'ConferenceAdmin'] },
  // Issue 27, item 4: CSV import of people and enrolments into a conference, for the same people.
  { id: 'import', label: 'Import', gate: { I: 'update', a: 'Conference' }, roles: ['Superadmin', 'ConferenceAdmin'] },
];

/** Where /admin lands. */
export const DEFAULT_ADMIN_TAB: AdminTabId = 'conferences';

export const adminTabPath = (id: AdminTabId) => `/admin/${id}`;

export function isAdminTabVisible(tab: AdminTab, ability: AppAbility, roles: readonly RoleRef[]): boolean {
  return (!tab.gate || ability.can(tab.gate.I, tab.gate.a)) && (!tab.roles || hasAnySystemRole(roles, tab.roles));
}

/** What a tab's address says to someone whose ability passes but whose roles do not. */
export function rolesRefusal(tab: AdminTab): string {
  const names = (tab.roles ?? []).map((name) => `${roleLabel({ name, system: true })}s`);
  return `Only ${names.join(' and ')} can open ${tab.label}.`;
}

export function findAdminTab(id: string | undefined): AdminTab | undefined {
  return ADMIN_TABS.find((tab) => tab.id === id);
}

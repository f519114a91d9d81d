import type { RoleInput, RoleView } from '@shared/schemas/role';
import type { PolicyAction, Subject } from '@shared/auth/vocabulary';

/** One policy while it is edited; `key` keeps React's identity when policies are removed. */
export interface PolicyDraft {
  key: number;
  actions: PolicyAction[];
  subjects: Subject[];
}

export interface RoleDraft {
  name: string;
  policies: PolicyDraft[];
}

export interface RoleDraftErrors {
  name?: string;
  /** Per policy, by position. */
  policies: Array<{ actions?: string; subjects?: string }>;
}

let nextKey = 1;
export const emptyPolicy = (): PolicyDraft => ({ key: nextKey++, actions: [], subjects: [] });

export function draftOf(role: RoleView | null): RoleDraft {
  if (!role) return { name: '', policies: [emptyPolicy()] };
  return {
    name: role.name,
    policies: role.policies.map((policy) => ({ key: nextKey++, actions: policy.actions as PolicyAction[], subjects: policy.subjects as Subject[] })),
  };
}

/** SPEC.md section 5, role editor: a name, and each policy at least one action and one subject. */
export function validateRoleDraft(draft: RoleDraft): RoleDraftErrors {
  return {
    name: draft.name.trim() ? undefined : 'Name is required.',
    policies: draft.policies.map((policy) => ({
      actions: policy.actions.length ? undefined : 'Select at least one action.',
      subjects: policy.subjects.length ? undefined : 'Select at least one subject.',
    })),
  };
}

export function hasDraftErrors(errors: RoleDraftErrors): boolean {
  return Boolean(errors.name) || errors.policies.some((policy) => policy.actions || policy.subjects);
}

export function roleInputOf(draft: RoleDraft): RoleInput {
  return { name: draft.name.trim(), policies: draft.policies.map(({ actions, subjects }) => ({ actions, subjects })) };
}

/** Server field paths ('name', 'policies.0.actions') onto the draft's errors. */
export function draftErrorsFromServer(fieldErrors: Record<string, string>, policyCount: number): RoleDraftErrors {
  const errors: RoleDraftErrors = { name: fieldErrors.name, policies: Array.from({ length: policyCount }, () => ({})) };
  for (const [path, message] of Object.entries(fieldErrors)) {
    const match = /^policies\.(\d+)\.(actions|subjects)/.exec(path);
    if (match && errors.policies[Number(match[1])]) errors.policies[Number(match[1])][match[2] as 'actions' | 'subjects'] = message;
  }
  return errors;
}

export const isRoleDraftField = (path: string) => path === 'name' || /^policies\.\d+\.(actions|subjects)/.test(path);

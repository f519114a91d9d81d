import type { RoleInput, RoleView } from '@shared/schemas/role';

/** The Role Editor's starting values: the role's own, or a name to type and one empty policy. */
export function roleFormValues(role: RoleView | null): RoleInput {
  if (!role) return { name: '', policies: [emptyPolicy()] };
  return { name: role.name, policies: role.policies.map((policy) => ({ ...policy })) as RoleInput['policies'] };
}

export const emptyPolicy = (): RoleInput['policies'][number] => ({ actions: [], subjects: [] });

/** Server field paths the editor shows under a field ('name', 'policies.0.actions'); others go to the banner. */
export const isRoleFormField = (path: string) => path === 'name' || /^policies\.\d+\.(actions|subjects)$/.test(path);

import type { ReactNode } from 'react';
import type { Action, Subject } from '@shared/auth/vocabulary';
import { checkWithHierarchy, forbiddenMessage, scoped, type HierarchyNode } from '@shared/auth/ability';
import { Alert } from '../components/ui/Alert';
import { useAbility } from './ability';
import { routes } from './api/routes';
import { useApi } from './api/use-api';

export interface GateProps {
  I: Action;
  a: Subject;
  /** An entity id: the check then runs against that entity's permission hierarchy (SPEC.md section 6). */
  id?: string;
  fallback?: ReactNode;
  children: ReactNode;
}

/**
 * Shows its children only when the ability allows; otherwise the fallback, or the default
 * forbidden message (SPEC.md section 6). With an `id`, the entity's permission hierarchy
 * and the caller's own decide (see useEntityCheck). The server enforces the same rule on
 * every route.
 */
export function Gate(props: GateProps) {
  return props.id === undefined ? <TypeGate {...props} /> : <EntityGate {...props} id={props.id} />;
}

function TypeGate({ I, a, fallback, children }: GateProps) {
  const ability = useAbility();
  if (ability.can(I, a)) return <>{children}</>;
  return <Refusal I={I} a={a} fallback={fallback} />;
}

function EntityGate({ I, a, id, fallback, children }: GateProps & { id: string }) {
  const allowed = useEntityCheck(I, a, id);
  if (allowed === undefined) return null; // still asking: show nothing rather than flash a refusal
  if (allowed) return <>{children}</>;
  return <Refusal I={I} a={a} fallback={fallback} />;
}

function Refusal({ I, a, fallback }: Pick<GateProps, 'I' | 'a' | 'fallback'>) {
  if (fallback !== undefined) return <>{fallback}</>;
  return (
    <Alert tone="warning" title="Not allowed">
      {forbiddenMessage(I, a)}
    </Alert>
  );
}

/**
 * Whether the caller may do `action` on the entity `subject`/`id`: true, false, or undefined
 * while loading. Decided without a request when the rules already settle it (an unconditioned
 * grant such as a superadmin's passes; no policy on the subject at all refuses); otherwise it
 * fetches the entity's hierarchy and the caller's permissions and runs checkWithHierarchy.
 */
export function useEntityCheck(action: Action, subject: Subject, id: string): boolean | undefined {
  const ability = useAbility();
  const settled = settledWithoutHierarchy(ability, action, subject);
  // No id (an Add dialog): nothing to fetch; the caller does not use the answer.
  const fetches = settled === undefined && id !== '';
  const hierarchy = useApi(routes.role.hierarchy, fetches ? { params: { subject, id } } : null);
  const own = useApi(routes.user.permissionHierarchy, fetches ? {} : null);
  if (settled !== undefined) return settled;
  if (hierarchy.error || own.error) return false;
  if (!hierarchy.data || !own.data) return undefined;
  return checkWithHierarchy(ability, action, subject, hierarchy.data as HierarchyNode[], own.data);
}

function settledWithoutHierarchy(ability: ReturnType<typeof useAbility>, action: Action, subject: Subject): boolean | undefined {
  if (!ability.can(action, subject)) return false;
  if (ability.can(action, scoped(subject, { ancestorIds: [] as string[] }))) return true;
  return undefined;
}

import type { ReactNode } from 'react';
import type { Action, Subject } from '@shared/auth/vocabulary';
import { forbiddenMessage } from '@shared/auth/ability';
import { Alert } from '../components/ui/Alert';
import { useAbility } from './ability';

/**
 * Shows its children only when the ability allows; otherwise the fallback, or the default
 * forbidden message (SPEC.md section 6). The server enforces the same rule on every route.
 */
export function Gate({ I, a, fallback, children }: { I: Action; a: Subject; fallback?: ReactNode; children: ReactNode }) {
  const ability = useAbility();
  if (ability.can(I, a)) return <>{children}</>;
  if (fallback !== undefined) return <>{fallback}</>;
  return (
    <Alert tone="warning" title="Not allowed">
      {forbiddenMessage(I, a)}
    </Alert>
  );
}

import { createContext, useContext, type ReactNode } from 'react';
import { createContextualCan } from '@casl/react';
import type { AppAbility } from '@shared/auth/ability';

const AbilityContext = createContext<AppAbility | null>(null);

export function AbilityProvider({ ability, children }: { ability: AppAbility; children: ReactNode }) {
  return <AbilityContext.Provider value={ability}>{children}</AbilityContext.Provider>;
}

export function useAbility(): AppAbility {
  const ability = useContext(AbilityContext);
  if (!ability) throw new Error('useAbility needs an AbilityProvider (rendered by the account gate)');
  return ability;
}

/** `<Can I="update" a="Conference">`: the same rules the server enforces, used only to shape the UI. */
export const Can = createContextualCan(AbilityContext.Consumer as never);

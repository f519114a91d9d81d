import { createContext, useContext } from 'react';
import type { UserView } from '@shared/schemas/user';

export const CurrentUserContext = createContext<UserView | null>(null);

export function useCurrentUser(): UserView {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser needs the account gate above it');
  return user;
}

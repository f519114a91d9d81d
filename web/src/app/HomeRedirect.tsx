import { Navigate } from 'react-router';
import { useAbility } from '../lib/ability';

/**
 * Home (`/`): the Dashboard for those who read one (who may update a district or conference: issue
 * 27, "it becomes Home for them"), the Tracks page for everyone else (which sends someone with no
 * track to their profile).
 */
export function HomeRedirect() {
  const ability = useAbility();
  return <Navigate to={ability.can('update', 'District') ? '/dashboard' : '/tracks'} replace />;
}

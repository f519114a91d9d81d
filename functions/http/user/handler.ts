import { createServiceHandler, implement } from '../../lib/http/service-handler';
import { abilities, currentUser } from '../../../shared/api/user';
import { currentUserView } from '../../core/users/current-user';

export const handler = createServiceHandler('user', [
  implement(currentUser, async ({ auth }) => currentUserView(auth)),
  implement(abilities, async ({ auth }) => auth.rules),
]);

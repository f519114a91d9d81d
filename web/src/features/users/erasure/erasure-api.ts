import type { EraseUserInput } from '@shared/api/user-erasure';
import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';

/** Starts the erasure: the decisive part is done when this answers (202); the job removes the rest. */
export const erasePerson = (userId: string, input: EraseUserInput) => call(routes.user.erase, { params: { id: userId }, body: input });

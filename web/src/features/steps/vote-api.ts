import type { CastVote, CloseVote, Recusal } from '@shared/schemas/committee-vote';
import { call } from '../../lib/api/client';
import { routes } from '../../lib/api/routes';

/**
 * A committee vote's writes (issue 26); each answers the whole step page. Open and close are on
 * the action's version; a vote or a recusal leaves its version out (the server takes the
 * caller's own ballot as it is: the page shows no ballot version).
 */
export const openVote = (id: string, version: number) => call(routes.step.openVote, { params: { id }, body: { version } });

export const castVote = (id: string, body: Pick<CastVote, 'choice' | 'note'>) => call(routes.step.castVote, { params: { id }, body });

export const recuse = (id: string, body: Pick<Recusal, 'reason'>) => call(routes.step.recuse, { params: { id }, body });

export const closeVote = (id: string, body: CloseVote) => call(routes.step.closeVote, { params: { id }, body });

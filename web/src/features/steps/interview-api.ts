import type { AvailabilityInput, CancelInterview, ConfirmInterview, ProposeSlots } from '@shared/schemas/panel-interview';
import { call } from '../../lib/api/client';
import { routes } from '../../lib/api/routes';
import { useApi } from '../../lib/api/use-api';

/**
 * A committee vote's panel interview (issue 26, item 3). The page is read through SWR; each write
 * answers the whole page, which replaces it. Propose, confirm and cancel are on the interview's
 * version (propose leaves it out before the first proposal); marking availability has none.
 */
export const useInterview = (id: string) => useApi(routes.step.interview, { params: { id } });

export const proposeInterview = (id: string, body: ProposeSlots) => call(routes.step.proposeInterview, { params: { id }, body });

export const markAvailability = (id: string, body: AvailabilityInput) => call(routes.step.markAvailability, { params: { id }, body });

export const confirmInterview = (id: string, body: ConfirmInterview) => call(routes.step.confirmInterview, { params: { id }, body });

export const cancelInterview = (id: string, body: CancelInterview) => call(routes.step.cancelInterview, { params: { id }, body });

/** How a write went, as the forms need it: taken, or refused with the messages of the fields they show (dotted paths). */
export type WriteOutcome = { ok: true } | { ok: false; fieldErrors: Record<string, string> };

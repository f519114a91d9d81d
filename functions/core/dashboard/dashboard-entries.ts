import type { DirectoryEntryInput } from '../../db/directory';
import { enrolledEntries, type EnrolledEnrolment } from './enrolled-entries';
import { stuckEntries, type StuckEnrolment, type StuckStep } from './stuck-entries';
import { currentPhase } from './tally-metrics';

/**
 * Every directory entry an enrolment's dashboard projection keeps (beside its figures): its waiting
 * steps in "who is stuck" (./stuck-entries.ts) and the enrolment in the lists behind the enrolment
 * and phase figures (./enrolled-entries.ts). One function for the projector, the drift check and
 * the large seed, so the three agree. `committeeOf`: the group of each step's Committee Vote.
 */
export function dashboardEntries(enrolment: StuckEnrolment & EnrolledEnrolment, steps: StuckStep[], phaseOrder: string[], committeeOf: ReadonlyMap<string, string> = new Map()): DirectoryEntryInput[] {
  const phase = enrolment.status === 'Open' ? currentPhase(steps, phaseOrder) : undefined;
  return [...stuckEntries(enrolment, steps, committeeOf), ...enrolledEntries(enrolment, phase)];
}

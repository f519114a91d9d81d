import { STEP_STATUSES } from '../../../shared/tracks/statuses';
import { overdueStatus } from '../../../shared/tracks/step-status';
import { dueAtFor } from '../../../shared/tracks/due-date';

describe('overdueStatus', () => {
  it('moves Ready and Resubmit to Overdue', () => {
    expect(overdueStatus('Ready')).toBe('Overdue');
    expect(overdueStatus('Resubmit')).toBe('Overdue');
  });

  it('leaves every other status alone, Overdue included (a repeated sweep writes nothing)', () => {
    for (const status of STEP_STATUSES.filter((s) => s !== 'Ready' && s !== 'Resubmit')) expect(overdueStatus(status)).toBeNull();
  });
});

describe('dueAtFor', () => {
  it('is dueDays after the step became Ready, and nothing without a positive period', () => {
    expect(dueAtFor(3, '2026-01-01T10:00:00.000Z')).toBe('2026-01-04T10:00:00.000Z');
    expect(dueAtFor(undefined, '2026-01-01T10:00:00.000Z')).toBeUndefined();
    expect(dueAtFor(0, '2026-01-01T10:00:00.000Z')).toBeUndefined();
  });
});

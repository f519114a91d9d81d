import { describe, expect, it } from 'vitest';
import {
  DIRECT_CHANGES,
  dependentsToOpen,
  nextStepState,
  SELECTABLE_STEP_STATUSES,
  STEP_MESSAGES,
  StepTransitionError,
  trackStatusAfter,
  type StepNode,
  type StepState,
} from '../../../shared/tracks/step-status';

const state = (status: StepState['status'], contentDone: boolean[], actions: StepState['actions'] = []): StepState => ({ status, contentDone, actions });
const refused = (s: StepState, event: Parameters<typeof nextStepState>[1], message: string) =>
  expect(() => nextStepState(s, event)).toThrow(new StepTransitionError(message));

describe('the step state machine: work', () => {
  it('opens an Unavailable step when its prerequisites are met, and does nothing to an open one', () => {
    expect(nextStepState(state('Unavailable', [false]), { kind: 'prerequisitesMet' }).status).toBe('Ready');
    const open = state('PendingReview', [true], ['pending']);
    expect(nextStepState(open, { kind: 'prerequisitesMet' })).toBe(open);
  });

  it('refuses content and actions on an Unavailable or Completed step', () => {
    refused(state('Unavailable', [false]), { kind: 'content', index: 0, done: true }, STEP_MESSAGES.unavailable);
    refused(state('Completed', [true], ['approved']), { kind: 'content', index: 0, done: false }, STEP_MESSAGES.completed);
    refused(state('Completed', [false]), { kind: 'content', index: 0, done: true }, STEP_MESSAGES.completed);
    refused(state('Completed', [true], ['pending']), { kind: 'decide', index: 0, approved: true }, STEP_MESSAGES.completed);
  });

  it('completes a step whose content is all done and has no actions', () => {
    const one = nextStepState(state('Ready', [false, false]), { kind: 'content', index: 0, done: true });
    expect(one.status).toBe('Ready');
    expect(nextStepState(one, { kind: 'content', index: 1, done: true }).status).toBe('Completed');
  });

  it('reopens a step without actions when its content is undone: submitted content can be unsubmitted (SPEC.md section 4)', () => {
    const completed = nextStepState(state('Ready', [true, false]), { kind: 'content', index: 1, done: true });
    expect(completed.status).toBe('Completed');
    expect(nextStepState(completed, { kind: 'content', index: 0, done: false })).toEqual(state('Ready', [false, true]));
    // Decided on, or set Completed with content still undone: locked.
    refused(state('Completed', [true], ['approved']), { kind: 'content', index: 0, done: false }, STEP_MESSAGES.completed);
    refused(state('Completed', [true, false]), { kind: 'content', index: 0, done: false }, STEP_MESSAGES.completed);
  });

  it('waits for review when content is done and actions are pending', () => {
    expect(nextStepState(state('Ready', [false], ['pending']), { kind: 'content', index: 0, done: true }).status).toBe('PendingReview');
    expect(nextStepState(state('Overdue', [false], ['pending']), { kind: 'content', index: 0, done: true }).status).toBe('PendingReview');
  });

  it('undoes content before completion: PendingReview goes back to Ready, Overdue and Resubmit stay', () => {
    expect(nextStepState(state('PendingReview', [true], ['pending']), { kind: 'content', index: 0, done: false }).status).toBe('Ready');
    expect(nextStepState(state('Resubmit', [true], ['denied']), { kind: 'content', index: 0, done: false }).status).toBe('Resubmit');
    expect(nextStepState(state('Overdue', [true, false]), { kind: 'content', index: 0, done: false }).status).toBe('Overdue');
  });

  it('refuses doing done content again or undoing undone content', () => {
    refused(state('Ready', [true, false]), { kind: 'content', index: 0, done: true }, STEP_MESSAGES.contentAlready(true));
    refused(state('Ready', [false]), { kind: 'content', index: 0, done: false }, STEP_MESSAGES.contentAlready(false));
    refused(state('Ready', [false]), { kind: 'content', index: 3, done: true }, STEP_MESSAGES.unknown);
  });

  it('decides actions only once all content is done, each once', () => {
    refused(state('Ready', [false], ['pending']), { kind: 'decide', index: 0, approved: true }, STEP_MESSAGES.contentNotDone);
    const pending = state('PendingReview', [true], ['pending', 'pending']);
    const one = nextStepState(pending, { kind: 'decide', index: 0, approved: true });
    expect(one).toEqual(state('PendingReview', [true], ['approved', 'pending']));
    refused(one, { kind: 'decide', index: 0, approved: false }, STEP_MESSAGES.decided);
    expect(nextStepState(one, { kind: 'decide', index: 1, approved: true }).status).toBe('Completed');
  });

  it('a denial asks for resubmission; handing the content in again asks the denied actions again', () => {
    const denied = nextStepState(state('PendingReview', [true], ['approved', 'pending']), { kind: 'decide', index: 1, approved: false });
    expect(denied).toEqual(state('Resubmit', [true], ['approved', 'denied']));
    const undone = nextStepState(denied, { kind: 'content', index: 0, done: false });
    const again = nextStepState(undone, { kind: 'content', index: 0, done: true });
    expect(again).toEqual(state('PendingReview', [true], ['approved', 'pending']));
  });

  it('marks Ready and Resubmit steps Overdue when due, and nothing else', () => {
    expect(nextStepState(state('Ready', [false]), { kind: 'due' }).status).toBe('Overdue');
    expect(nextStepState(state('Resubmit', [true], ['denied']), { kind: 'due' }).status).toBe('Overdue');
    for (const status of ['Unavailable', 'Overdue', 'PendingReview', 'Completed'] as const) {
      const s = state(status, [true]);
      expect(nextStepState(s, { kind: 'due' })).toBe(s);
    }
  });
});

describe('the step state machine: direct changes', () => {
  it('follows the table and refuses the rest with a message', () => {
    for (const to of SELECTABLE_STEP_STATUSES) {
      const froms = DIRECT_CHANGES[to];
      for (const from of ['Unavailable', 'Ready', 'Overdue', 'Resubmit', 'PendingReview', 'Completed'] as const) {
        const s = state(from, [false]);
        const event = { kind: 'set', status: to } as const;
        if (froms.includes(from)) expect(nextStepState(s, event).status).toBe(to);
        else if (from === to) refused(s, event, STEP_MESSAGES.sameStatus(from));
        else refused(s, event, STEP_MESSAGES.direct(from, to));
      }
    }
  });

  it('never opens PendingReview or Completed on an Unavailable step', () => {
    expect(DIRECT_CHANGES.PendingReview).not.toContain('Unavailable');
    expect(DIRECT_CHANGES.Completed).not.toContain('Unavailable');
  });
});

const node = (id: string, status: StepNode['status'], prerequisites: string[] = [], extra: Partial<StepNode> = {}): StepNode => ({
  stepTemplateId: id, phaseId: 'p1', prerequisites, status, required: true, active: true, ...extra,
});

describe('the step graph and the track', () => {
  it('opens same-phase dependents whose prerequisites are all Completed', () => {
    const steps = [node('a', 'Completed'), node('b', 'Ready'), node('c', 'Unavailable', ['a']), node('d', 'Unavailable', ['a', 'b']), node('e', 'Unavailable', ['a'], { phaseId: 'p2' })];
    expect(dependentsToOpen('a', steps).map((s) => s.stepTemplateId)).toEqual(['c']);
    expect(dependentsToOpen('b', steps)).toEqual([]);
  });

  it('completes the track when every visible required step is Completed, and opens it again when one reopens', () => {
    const done = [node('a', 'Completed'), node('b', 'Ready', [], { required: false }), node('c', 'Ready', [], { active: false })];
    expect(trackStatusAfter('Open', done)).toBe('Completed');
    expect(trackStatusAfter('Completed', done)).toBeNull();
    expect(trackStatusAfter('Completed', [node('a', 'Ready')])).toBe('Open');
    expect(trackStatusAfter('Open', [node('a', 'Completed'), node('c', 'PendingReview', [], { active: false })])).toBeNull();
  });

  it('leaves statuses people set (Withdrawn, Discontinued, Unavailable) alone', () => {
    for (const status of ['Withdrawn', 'Discontinued', 'Unavailable'] as const) expect(trackStatusAfter(status, [node('a', 'Completed')])).toBeNull();
  });
});

import { SUBJECT_TREE, type SubjectTreeNode } from '@shared/auth/subject-tree';

function labelsOf(nodes: ReadonlyArray<SubjectTreeNode>, into: Map<string, string>): Map<string, string> {
  for (const node of nodes) {
    into.set(node.subject, node.label);
    labelsOf(node.children, into);
  }
  return into;
}

/** Subject names as the role editor shows them ('Track' for TrackTemplate); 'all' reads 'Everything'. */
const SUBJECT_LABELS = labelsOf(SUBJECT_TREE, new Map([['all', 'Everything']]));

export const subjectLabel = (subject: string) => SUBJECT_LABELS.get(subject) ?? subject;

/** One line per policy for the roles table: 'create, read: Conference, District'. */
export function policySummary(policies: ReadonlyArray<{ actions: string[]; subjects: string[] }>): string[] {
  return policies.map((policy) => `${policy.actions.join(', ')}: ${policy.subjects.map(subjectLabel).join(', ')}`);
}

import type { Subject } from './vocabulary';

export interface SubjectTreeNode {
  subject: Subject;
  label: string;
  children: SubjectTreeNode[];
}

const leaf = (subject: Subject, label: string, children: SubjectTreeNode[] = []): SubjectTreeNode => ({ subject, label, children });

/**
 * The subject hierarchy the role editor shows (SPEC.md section 3, Role):
 * Permission, Role, Jurisdiction > Episcopal Area > Conference > (District > Church >
 * Church Membership > User > Comment) and (Track > Phase > Step; Assignments > Advisors /
 * Interviewers). The last four top-level nodes are not in that sentence; they are here so
 * a custom role can grant everything a system role can (forms, mentoring, interview
 * groups, announcements).
 */
export const SUBJECT_TREE: ReadonlyArray<SubjectTreeNode> = [
  leaf('Permission', 'Permission'),
  leaf('Role', 'Role'),
  leaf('Jurisdiction', 'Jurisdiction', [
    leaf('EpiscopalArea', 'Episcopal Area', [
      leaf('Conference', 'Conference', [
        leaf('District', 'District', [
          leaf('Church', 'Church', [leaf('ChurchMembership', 'Church Membership', [leaf('User', 'User', [leaf('Comment', 'Comment')])])]),
        ]),
        leaf('TrackTemplate', 'Track', [leaf('Phase', 'Phase', [leaf('Step', 'Step')])]),
        leaf('TrackInstance', 'Assignments', [leaf('TrackAssignment', 'Advisors / Interviewers')]),
      ]),
    ]),
  ]),
  leaf('FormTemplate', 'Form'),
  leaf('MentorAssignment', 'Mentor Assignment'),
  leaf('UserGroup', 'Interview Group'),
  leaf('Announcement', 'Announcement'),
];

/** Every subject in the tree, depth first (for the editor's flat pickers and tests). */
export function subjectTreeSubjects(nodes: ReadonlyArray<SubjectTreeNode> = SUBJECT_TREE): Subject[] {
  return nodes.flatMap((n) => [n.subject, ...subjectTreeSubjects(n.children)]);
}

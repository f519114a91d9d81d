import { useId } from 'react';
import { SUBJECT_TREE, type SubjectTreeNode } from '@shared/auth/subject-tree';
import type { Subject } from '@shared/auth/vocabulary';
import { Checkbox } from '../../../components/ui';

export interface SubjectTreePickerProps {
  /** Names the group; the policy's fieldset around it says which policy. */
  label: string;
  value: Subject[];
  onChange: (subjects: Subject[]) => void;
  errorMessage?: string;
}

/**
 * The subjects of a policy as the tree of SPEC.md section 3 (Role): nested lists of
 * checkboxes, indented by level. Each subject is granted on its own; the tree shows where it
 * sits. Tab moves between boxes, Space toggles.
 */
export function SubjectTreePicker({ label, value, onChange, errorMessage }: SubjectTreePickerProps) {
  const labelId = useId();
  const errorId = useId();
  const selected = new Set(value);
  const toggle = (subject: Subject, on: boolean) => onChange(on ? [...value, subject] : value.filter((item) => item !== subject));

  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={errorMessage ? errorId : undefined} className="admin-subjects">
      <span id={labelId} className="ui-field-label">
        {label}
      </span>
      <SubjectNodes nodes={SUBJECT_TREE} selected={selected} onToggle={toggle} />
      {errorMessage && (
        <p id={errorId} className="ui-field-error">
          {errorMessage}
        </p>
      )}
    </div>
  );
}

interface SubjectNodesProps {
  nodes: ReadonlyArray<SubjectTreeNode>;
  selected: Set<Subject>;
  onToggle: (subject: Subject, on: boolean) => void;
}

function SubjectNodes({ nodes, selected, onToggle }: SubjectNodesProps) {
  return (
    <ul className="admin-subject-tree">
      {nodes.map((node) => (
        <li key={node.subject}>
          <Checkbox isSelected={selected.has(node.subject)} onChange={(on) => onToggle(node.subject, on)}>
            {node.label}
          </Checkbox>
          {node.children.length > 0 && <SubjectNodes nodes={node.children} selected={selected} onToggle={onToggle} />}
        </li>
      ))}
    </ul>
  );
}

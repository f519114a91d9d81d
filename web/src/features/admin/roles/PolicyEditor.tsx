import { useId } from 'react';
import { POLICY_ACTIONS, type PolicyAction } from '@shared/auth/vocabulary';
import { Button, Checkbox } from '../../../components/ui';
import type { PolicyDraft } from './role-draft';
import { SubjectTreePicker } from './SubjectTreePicker';

export interface PolicyEditorProps {
  /** 1-based, for labels ('Policy 2'). */
  number: number;
  policy: PolicyDraft;
  onChange: (policy: PolicyDraft) => void;
  /** Absent when this is the only policy (a role needs at least one). */
  onRemove?: () => void;
  errors: { actions?: string; subjects?: string };
}

const ACTION_LABELS: Record<PolicyAction, string> = { create: 'Create', read: 'Read', update: 'Update', delete: 'Delete' };

/** One policy of the Role Editor: which actions on which subjects. */
export function PolicyEditor({ number, policy, onChange, onRemove, errors }: PolicyEditorProps) {
  const actionsLabelId = useId();
  const actionsErrorId = useId();
  const toggleAction = (action: PolicyAction, on: boolean) =>
    onChange({ ...policy, actions: on ? POLICY_ACTIONS.filter((a) => a === action || policy.actions.includes(a)) : policy.actions.filter((a) => a !== action) });

  return (
    <fieldset className="admin-policy">
      <legend>Policy {number}</legend>
      <div role="group" aria-labelledby={actionsLabelId} aria-describedby={errors.actions ? actionsErrorId : undefined} className="admin-policy-actions">
        <span id={actionsLabelId} className="ui-field-label">
          Actions
        </span>
        <div className="admin-checkbox-row">
          {POLICY_ACTIONS.map((action) => (
            <Checkbox key={action} isSelected={policy.actions.includes(action)} onChange={(on) => toggleAction(action, on)}>
              {ACTION_LABELS[action]}
            </Checkbox>
          ))}
        </div>
        {errors.actions && (
          <p id={actionsErrorId} className="ui-field-error">
            {errors.actions}
          </p>
        )}
      </div>
      <SubjectTreePicker label="Subjects" value={policy.subjects} onChange={(subjects) => onChange({ ...policy, subjects })} errorMessage={errors.subjects} />
      {onRemove && (
        <div className="admin-policy-footer">
          <Button variant="ghost" size="small" onPress={onRemove}>
            Remove policy {number}
          </Button>
        </div>
      )}
    </fieldset>
  );
}

import { useId } from 'react';
import { useController, type Control } from 'react-hook-form';
import { POLICY_ACTIONS, type PolicyAction } from '@shared/auth/vocabulary';
import type { RoleInput } from '@shared/schemas/role';
import { Button, Checkbox } from '../../../components/ui';
import { SubjectTreePicker } from './SubjectTreePicker';

export interface PolicyEditorProps {
  control: Control<RoleInput>;
  /** 0-based position in the role's policies. */
  index: number;
  /** Absent when this is the only policy (a role needs at least one). */
  onRemove?: () => void;
}

const ACTION_LABELS: Record<PolicyAction, string> = { create: 'Create', read: 'Read', update: 'Update', delete: 'Delete' };

/** One policy of the Role Editor: which actions on which subjects. */
export function PolicyEditor({ control, index, onRemove }: PolicyEditorProps) {
  const number = index + 1;
  const actionsLabelId = useId();
  const actionsErrorId = useId();
  const actions = useController({ control, name: `policies.${index}.actions` });
  const subjects = useController({ control, name: `policies.${index}.subjects` });
  const chosen = actions.field.value;
  const actionsError = actions.fieldState.error?.message;
  const toggleAction = (action: PolicyAction, on: boolean) =>
    actions.field.onChange(on ? POLICY_ACTIONS.filter((a) => a === action || chosen.includes(a)) : chosen.filter((a) => a !== action));

  return (
    <fieldset className="admin-policy">
      <legend>Policy {number}</legend>
      <div role="group" aria-labelledby={actionsLabelId} aria-describedby={actionsError ? actionsErrorId : undefined} className="admin-policy-actions">
        <span id={actionsLabelId} className="ui-field-label">
          Actions
        </span>
        <div className="admin-checkbox-row">
          {POLICY_ACTIONS.map((action) => (
            <Checkbox key={action} isSelected={chosen.includes(action)} onChange={(on) => toggleAction(action, on)}>
              {ACTION_LABELS[action]}
            </Checkbox>
          ))}
        </div>
        {actionsError && (
          <p id={actionsErrorId} className="ui-field-error">
            {actionsError}
          </p>
        )}
      </div>
      <SubjectTreePicker label="Subjects" value={subjects.field.value} onChange={subjects.field.onChange} errorMessage={subjects.fieldState.error?.message} />
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

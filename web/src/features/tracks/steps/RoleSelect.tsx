import { Checkbox, SearchableSelect, type SelectOption } from '../../../components/ui';

export interface RoleSelectProps {
  label: string;
  roles: SelectOption[];
  value: string;
  onChange: (roleId: string) => void;
  errorMessage?: string;
  isDisabled?: boolean;
}

/** One role, system or custom ('Completed by', an action's role). */
export function RoleSelect({ label, roles, value, onChange, errorMessage, isDisabled }: RoleSelectProps) {
  const selected = roles.find((role) => role.id === value) ?? null;
  const matching = async (text: string) => roles.filter((role) => role.label.toLowerCase().includes(text.trim().toLowerCase()));
  return <SearchableSelect label={label} loadOptions={matching} value={selected} onChange={(role) => onChange(role?.id ?? '')} errorMessage={errorMessage} isRequired isDisabled={isDisabled} />;
}

export interface RoleChecklistProps {
  legend: string;
  roles: SelectOption[];
  value: string[];
  onChange: (roleIds: string[]) => void;
  errorMessage?: string;
  isDisabled?: boolean;
}

/** Several roles, each a checkbox (a private content's approved roles). */
export function RoleChecklist({ legend, roles, value, onChange, errorMessage, isDisabled }: RoleChecklistProps) {
  const toggle = (roleId: string, on: boolean) => onChange(on ? [...value, roleId] : value.filter((id) => id !== roleId));
  return (
    <fieldset className="steps-checklist">
      <legend>{legend}</legend>
      <div className="steps-checklist-items">
        {roles.map((role) => (
          <Checkbox key={role.id} isSelected={value.includes(role.id)} onChange={(on) => toggle(role.id, on)} isDisabled={isDisabled}>
            {role.label}
          </Checkbox>
        ))}
      </div>
      {errorMessage && <p className="ui-field-error">{errorMessage}</p>}
    </fieldset>
  );
}

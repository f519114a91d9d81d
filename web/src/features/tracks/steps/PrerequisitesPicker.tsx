import type { StepHeaderView } from '@shared/schemas/track';
import { dependentsOf } from '@shared/tracks/step-order';
import { Checkbox } from '../../../components/ui';

export interface PrerequisitesPickerProps {
  /** The phase's steps in dependency order (as the outline lists them). */
  steps: readonly StepHeaderView[];
  /** The step being edited; none for a new step (which has no dependents yet). */
  stepId?: string;
  value: string[];
  onChange: (prerequisites: string[]) => void;
  errorMessage?: string;
}

/**
 * Prerequisites (SPEC.md section 4): the other steps of the phase in dependency order. A step
 * that depends on this one cannot become its prerequisite: it shows '(dependent)', disabled.
 * The server refuses a cycle whatever is sent.
 */
export function PrerequisitesPicker({ steps, stepId, value, onChange, errorMessage }: PrerequisitesPickerProps) {
  const dependents = stepId ? dependentsOf(steps, stepId) : new Set<string>();
  const others = steps.filter((step) => step.id !== stepId);
  const toggle = (id: string, on: boolean) => onChange(on ? [...value, id] : value.filter((v) => v !== id));
  return (
    <fieldset className="steps-checklist">
      <legend>Prerequisites</legend>
      {others.length === 0 ? (
        <p className="tracks-muted">No other steps in this phase.</p>
      ) : (
        <div className="steps-checklist-items steps-prerequisites">
          {others.map((step) => {
            const isDependent = dependents.has(step.id);
            return (
              <Checkbox key={step.id} isSelected={value.includes(step.id)} isDisabled={isDependent} onChange={(on) => toggle(step.id, on)}>
                {isDependent ? `${step.name} (dependent)` : step.name}
              </Checkbox>
            );
          })}
        </div>
      )}
      {errorMessage && <p className="ui-field-error">{errorMessage}</p>}
    </fieldset>
  );
}

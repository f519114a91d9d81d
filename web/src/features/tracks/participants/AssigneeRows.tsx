import { Button, SearchableSelect, type SelectOption } from '../../../components/ui';
import { ASSIGNEE_ROLES, assigneeOptions, type AssigneeRole } from './participants-api';

/** One row per person; `null` is a blank row still to be filled. */
export type AssigneeRowValue = SelectOption | null;

export interface AssigneeRowsProps {
  role: AssigneeRole;
  rows: AssigneeRowValue[];
  onChange: (rows: AssigneeRowValue[]) => void;
  max: number;
}

/**
 * Assignment rows (SPEC.md section 5): a searchable person per row (holders of the role, less
 * those already in a row); a new row only once every row is filled; blank rows are dropped on save.
 */
export function AssigneeRows({ role, rows, onChange, max }: AssigneeRowsProps) {
  const { label, plural } = ASSIGNEE_ROLES[role];
  const chosen = rows.flatMap((row) => (row ? [row.id] : []));
  const hasBlank = rows.some((row) => row === null);
  const set = (index: number, value: AssigneeRowValue) => onChange(rows.map((row, i) => (i === index ? value : row)));
  return (
    <fieldset className="participants-rows">
      <legend>{plural}</legend>
      {rows.length === 0 && <p className="participants-rows-empty">{`No ${plural.toLowerCase()} assigned.`}</p>}
      {rows.map((row, index) => (
        <div className="participants-row" key={row ? row.id : `blank-${index}`}>
          <SearchableSelect
            label={`${label} ${index + 1}`}
            value={row}
            onChange={(value) => set(index, value)}
            loadOptions={(text) => assigneeOptions(role, text, chosen.filter((id) => id !== row?.id))}
          />
          <Button size="small" variant="secondary" aria-label={`Remove ${label} ${index + 1}`} onPress={() => onChange(rows.filter((_, i) => i !== index))}>
            Remove
          </Button>
        </div>
      ))}
      <Button size="small" variant="secondary" isDisabled={hasBlank || rows.length >= max} onPress={() => onChange([...rows, null])}>
        {`Add ${label}`}
      </Button>
    </fieldset>
  );
}

/** The chosen people's ids, blank rows dropped. */
export const filledIds = (rows: AssigneeRowValue[]) => rows.flatMap((row) => (row ? [row.id] : []));

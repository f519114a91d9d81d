import { Button, SearchableSelect, type SelectOption } from '../../../components/ui';
import { FieldErrorText } from '../../../components/ui/Field';

export interface MemberRowsProps {
  rows: ReadonlyArray<{ id: string }>;
  /** Names of the people chosen so far, by id. */
  labels: ReadonlyMap<string, string>;
  max: number;
  /** No conference chosen yet: nobody to search for. */
  isDisabled: boolean;
  /** Interviewer search for the typed text, leaving out `exclude` (the people in the other rows). */
  search: (text: string, exclude: string[]) => Promise<SelectOption[]>;
  /** The new rows, and the person just chosen (to remember their name). */
  onChange: (rows: Array<{ id: string }>, chosen?: SelectOption) => void;
  errorMessage?: string;
}

/**
 * The group's interviewers, one searchable row each (SPEC.md section 5): no new row until the
 * last one has someone; a row can be removed; the search leaves out the people already in the group.
 */
export function MemberRows({ rows, labels, max, isDisabled, search, onChange, errorMessage }: MemberRowsProps) {
  const lastIsEmpty = rows.length > 0 && !rows[rows.length - 1].id;
  const replace = (index: number, id: string) => rows.map((row, n) => (n === index ? { id } : row));
  return (
    <fieldset className="groups-members">
      <legend>Interviewers</legend>
      {rows.map((row, index) => {
        const label = `Interviewer ${index + 1}`;
        const value = row.id ? { id: row.id, label: labels.get(row.id) ?? row.id } : null;
        const others = rows.filter((_, n) => n !== index).map((other) => other.id).filter(Boolean);
        return (
          <div className="groups-member-row" key={`${index}-${row.id}`}>
            <SearchableSelect
              label={label}
              value={value}
              isDisabled={isDisabled}
              placeholder={isDisabled ? 'Choose a conference first' : 'Search interviewers'}
              loadOptions={(text) => search(text, others)}
              onChange={(choice) => onChange(replace(index, choice?.id ?? ''), choice ?? undefined)}
            />
            <Button variant="secondary" size="small" aria-label={`Remove ${label}`} onPress={() => onChange(rows.filter((_, n) => n !== index))}>
              Remove
            </Button>
          </div>
        );
      })}
      <Button variant="secondary" size="small" isDisabled={isDisabled || lastIsEmpty || rows.length >= max} onPress={() => onChange([...rows, { id: '' }])}>
        Add Interviewer
      </Button>
      {errorMessage && <FieldErrorText>{errorMessage}</FieldErrorText>}
    </fieldset>
  );
}

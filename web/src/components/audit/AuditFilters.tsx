import { SearchableSelect, SelectField, type SelectOption } from '../ui';
import { kindText } from './audit-words';

export interface KindFilterProps {
  kinds: readonly string[];
  value: string;
  onChange: (kind: string) => void;
}

/** The kind filter: the record's kinds by name ('Roles'), or all of them. */
export function KindFilter({ kinds, value, onChange }: KindFilterProps) {
  const labelOf = new Map(kinds.map((kind) => [kindText(kind), kind]));
  return (
    <div className="audit-filter">
      <SelectField label="Kind" placeholder="All kinds" options={[...labelOf.keys()]} value={value ? kindText(value) : ''} onChange={(label) => onChange(labelOf.get(label) ?? '')} />
    </div>
  );
}

export interface AuthorFilterProps {
  /** The people to choose from (the authors seen so far). */
  authors: readonly SelectOption[];
  value: SelectOption | null;
  onChange: (author: SelectOption | null) => void;
}

/** The author filter: entries one person made, or that a job they started made. */
export function AuthorFilter({ authors, value, onChange }: AuthorFilterProps) {
  async function matching(text: string): Promise<SelectOption[]> {
    const prefix = text.trim().toLowerCase();
    // As every name search of the app: a word of the name starts with the text.
    return authors.filter((author) => author.label.toLowerCase().split(/\s+/).some((word) => word.startsWith(prefix)));
  }
  return (
    <SearchableSelect
      className="audit-filter"
      label="Author"
      placeholder="Anyone"
      value={value}
      onChange={onChange}
      loadOptions={matching}
      emptyMessage="No authors yet."
    />
  );
}

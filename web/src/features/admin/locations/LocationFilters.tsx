import { RadioGroup, SearchableSelect, type SelectOption } from '../../../components/ui';
import type { LocationKindConfig, LocationService } from './location-kinds';
import { searchLocations } from './location-api';

export type LocationStatus = 'active' | 'inactive';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

export interface LocationFiltersProps {
  config: LocationKindConfig;
  status: LocationStatus;
  onStatusChange: (status: LocationStatus) => void;
  parent: SelectOption | null;
  onParentChange: (parent: SelectOption | null) => void;
}

/** Options of a parent picker: matching locations of the parent kind, each with its own parent for context. */
export async function parentOptions(service: LocationService, text: string): Promise<SelectOption[]> {
  const rows = await searchLocations(service, text);
  return rows.map((row) => ({ id: row.id, label: row.name, description: row.parentName }));
}

/** The Status filter and, for kinds with a parent, the parent filter (e.g. churches of one district). */
export function LocationFilters({ config, status, onStatusChange, parent, onParentChange }: LocationFiltersProps) {
  const parentKind = config.parent;
  return (
    <div className="admin-filters">
      <RadioGroup label="Status" orientation="horizontal" options={STATUS_OPTIONS} value={status} onChange={(value) => onStatusChange(value as LocationStatus)} />
      {parentKind && (
        <SearchableSelect
          className="admin-parent-filter"
          label={parentKind.label}
          placeholder={`All ${parentKind.label.toLowerCase()}s`}
          value={parent}
          onChange={onParentChange}
          loadOptions={(text) => parentOptions(parentKind.service, text)}
        />
      )}
    </div>
  );
}

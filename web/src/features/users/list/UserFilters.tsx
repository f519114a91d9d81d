import { RadioGroup, SearchableSelect, type SelectOption } from '../../../components/ui';
import { locationOptions, roleOptions } from './users-api';

export type StatusFilter = 'All' | 'Active' | 'Inactive';

export interface UserFilterValues {
  status: StatusFilter;
  role: SelectOption | null;
  conference: SelectOption | null;
  district: SelectOption | null;
}

export const NO_USER_FILTERS: UserFilterValues = { status: 'All', role: null, conference: null, district: null };

const STATUS_OPTIONS = [
  { value: 'All', label: 'All' },
  { value: 'Active', label: 'Active' },
  { value: 'Inactive', label: 'Inactive' },
];

const LOCATION_FILTERS = [
  { key: 'conference', kind: 'Conference', placeholder: 'All conferences' },
  { key: 'district', kind: 'District', placeholder: 'All districts' },
] as const;

/** The users table's filters (SPEC.md section 2): status, role, conference and district, all applied on the server. */
export function UserFilters({ value, onChange }: { value: UserFilterValues; onChange: (next: UserFilterValues) => void }) {
  const set = <K extends keyof UserFilterValues>(key: K) => (next: UserFilterValues[K]) => onChange({ ...value, [key]: next });
  return (
    <div className="admin-filters users-filters">
      <RadioGroup label="Status" orientation="horizontal" options={STATUS_OPTIONS} value={value.status} onChange={(next) => set('status')(next as StatusFilter)} />
      <SearchableSelect className="users-filter" label="Role" placeholder="All roles" value={value.role} onChange={set('role')} loadOptions={roleOptions} />
      {LOCATION_FILTERS.map(({ key, kind, placeholder }) => (
        <SearchableSelect key={key} className="users-filter" label={kind} placeholder={placeholder} value={value[key]} onChange={set(key)} loadOptions={(text) => locationOptions(kind, text)} />
      ))}
    </div>
  );
}

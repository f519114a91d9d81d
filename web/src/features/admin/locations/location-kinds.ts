import type { LocationKind } from '@shared/auth/vocabulary';
import type { AdminTabId } from '../admin-tabs';

/** The services built on the generic set of SPEC.md section 7 (shared/api/location-set.ts). */
export type LocationService = 'jurisdiction' | 'episcopal-area' | 'conference' | 'district' | 'church';

/** One location kind as its admin tab shows it. */
export interface LocationKindConfig {
  tab: AdminTabId;
  /** The API service: /api/{service}/quickSearch ... */
  service: LocationService;
  kind: LocationKind;
  /** 'Church': dialog titles, buttons and toasts. */
  singular: string;
  /** 'Churches': the table's name. */
  plural: string;
  /** The kind a location of this kind hangs from; jurisdictions hang from the System root. */
  parent?: { service: LocationService; label: string };
  /** Columns with a sorted list behind them on the server. */
  sortable: { name: boolean; parentName: boolean };
  /** Episcopal areas also list their conferences. */
  listsConferences?: boolean;
}

/** SPEC.md section 2: the location tabs, their columns and their parents. */
export const LOCATION_KIND_CONFIGS = {
  churches: {
    tab: 'churches', service: 'church', kind: 'Church', singular: 'Church', plural: 'Churches',
    parent: { service: 'district', label: 'District' }, sortable: { name: true, parentName: true },
  },
  districts: {
    tab: 'districts', service: 'district', kind: 'District', singular: 'District', plural: 'Districts',
    parent: { service: 'conference', label: 'Conference' }, sortable: { name: true, parentName: true },
  },
  conferences: {
    tab: 'conferences', service: 'conference', kind: 'Conference', singular: 'Conference', plural: 'Conferences',
    parent: { service: 'episcopal-area', label: 'Episcopal Area' }, sortable: { name: true, parentName: true },
  },
  'episcopal-areas': {
    tab: 'episcopal-areas', service: 'episcopal-area', kind: 'EpiscopalArea', singular: 'Episcopal Area', plural: 'Episcopal Areas',
    parent: { service: 'jurisdiction', label: 'Jurisdiction' }, sortable: { name: true, parentName: true }, listsConferences: true,
  },
  jurisdictions: {
    tab: 'jurisdictions', service: 'jurisdiction', kind: 'Jurisdiction', singular: 'Jurisdiction', plural: 'Jurisdictions',
    sortable: { name: false, parentName: false },
  },
} as const satisfies Record<string, LocationKindConfig>;

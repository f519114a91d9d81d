import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { Tabs } from '../../components/ui';
import { useAbility } from '../../lib/ability';
import { Gate } from '../../lib/gate';
import { ADMIN_TABS, adminTabPath, DEFAULT_ADMIN_TAB, findAdminTab, isAdminTabVisible, type AdminTabId } from './admin-tabs';
import { AdvisorsTab } from './advisors/AdvisorsTab';
import { AnnouncementsTab } from './announcements/AnnouncementsTab';
import { LOCATION_KIND_CONFIGS } from './locations/location-kinds';
import { LocationTab } from './locations/LocationTab';
import { RolesTab } from './roles/RolesTab';

const PANELS: Record<AdminTabId, () => ReactNode> = {
  churches: () => <LocationTab config={LOCATION_KIND_CONFIGS.churches} />,
  districts: () => <LocationTab config={LOCATION_KIND_CONFIGS.districts} />,
  conferences: () => <LocationTab config={LOCATION_KIND_CONFIGS.conferences} />,
  'episcopal-areas': () => <LocationTab config={LOCATION_KIND_CONFIGS['episcopal-areas']} />,
  jurisdictions: () => <LocationTab config={LOCATION_KIND_CONFIGS.jurisdictions} />,
  advisors: () => <AdvisorsTab />,
  roles: () => <RolesTab />,
  announcements: () => <AnnouncementsTab />,
};

/**
 * The routed tabs of /admin/{tab}. Tabs the caller may not see are left out of the list,
 * and their URL shows the forbidden state; an unknown tab goes to the default one.
 */
export function AdminTabs() {
  const ability = useAbility();
  const tab = findAdminTab(useParams().tab);
  if (!tab) return <Navigate to={adminTabPath(DEFAULT_ADMIN_TAB)} replace />;
  if (!isAdminTabVisible(tab, ability)) return <Gate I={tab.gate!.I} a={tab.gate!.a}>{null}</Gate>;

  const items = ADMIN_TABS.filter((item) => isAdminTabVisible(item, ability)).map((item) => ({ id: item.id, label: item.label, href: adminTabPath(item.id) }));
  return (
    <Tabs aria-label="Admin" items={items} selectedKey={tab.id}>
      {/* A key per tab: each tab starts from its own first page and filters. */}
      <div key={tab.id}>{PANELS[tab.id]()}</div>
    </Tabs>
  );
}

import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { Alert, LoadingState, Tabs } from '../../components/ui';
import { useAbility } from '../../lib/ability';
import { lazyChunk } from '../../lib/chunk-load';
import { useCurrentUser } from '../../lib/current-user';
import { Gate } from '../../lib/gate';
import { ADMIN_TABS, adminTabPath, DEFAULT_ADMIN_TAB, findAdminTab, isAdminTabVisible, rolesRefusal, type AdminTabId } from './admin-tabs';
import { AdvisorsTab } from './advisors/AdvisorsTab';
import { AnnouncementsTab } from './announcements/AnnouncementsTab';
import { LOCATION_KIND_CONFIGS } from './locations/location-kinds';
import { LocationTab } from './locations/LocationTab';
import { RolesTab } from './roles/RolesTab';

/** A tab that loads when it is opened, off the Admin page's own chunk. */
function lazyPanel(load: () => Promise<{ default: ComponentType }>): () => ReactNode {
  const Panel = lazyChunk(load);
  return () => (
    <Suspense fallback={<LoadingState message="Loading..." />}>
      <Panel />
    </Suspense>
  );
}

const PANELS: Record<AdminTabId, () => ReactNode> = {
  churches: () => <LocationTab config={LOCATION_KIND_CONFIGS.churches} />,
  districts: () => <LocationTab config={LOCATION_KIND_CONFIGS.districts} />,
  conferences: () => <LocationTab config={LOCATION_KIND_CONFIGS.conferences} />,
  'episcopal-areas': () => <LocationTab config={LOCATION_KIND_CONFIGS['episcopal-areas']} />,
  jurisdictions: () => <LocationTab config={LOCATION_KIND_CONFIGS.jurisdictions} />,
  advisors: () => <AdvisorsTab />,
  roles: () => <RolesTab />,
  announcements: () => <AnnouncementsTab />,
  audit: lazyPanel(() => import('./audit/AuditTab').then((m) => ({ default: m.AuditTab }))),
  retention: lazyPanel(() => import('./retention/RetentionTab').then((m) => ({ default: m.RetentionTab }))),
  transfers: lazyPanel(() => import('./transfers/TransfersTab').then((m) => ({ default: m.TransfersTab }))),
  import: lazyPanel(() => import('./imports/ImportTab').then((m) => ({ default: m.ImportTab }))),
};

/**
 * The routed tabs of /admin/{tab}. Tabs the caller may not see are left out of the list,
 * and their URL shows the forbidden state; an unknown tab goes to the default one.
 */
export function AdminTabs() {
  const ability = useAbility();
  const { roles } = useCurrentUser();
  const tab = findAdminTab(useParams().tab);
  if (!tab) return <Navigate to={adminTabPath(DEFAULT_ADMIN_TAB)} replace />;
  if (!isAdminTabVisible(tab, ability, roles)) {
    return (
      <Gate I={tab.gate!.I} a={tab.gate!.a}>
        <Alert tone="warning" title="Not allowed">
          {rolesRefusal(tab)}
        </Alert>
      </Gate>
    );
  }

  const items = ADMIN_TABS.filter((item) => isAdminTabVisible(item, ability, roles)).map((item) => ({ id: item.id, label: item.label, href: adminTabPath(item.id) }));
  return (
    <Tabs aria-label="Admin" items={items} selectedKey={tab.id}>
      {/* A key per tab: each tab starts from its own first page and filters. */}
      <div key={tab.id}>{PANELS[tab.id]()}</div>
    </Tabs>
  );
}

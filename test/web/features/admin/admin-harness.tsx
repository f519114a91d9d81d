import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { useAppHref } from '../../../../web/src/app/app-href';
import { RouterProvider } from 'react-aria-components';
import { SWRConfig } from 'swr';
import { buildAbility } from '../../../../shared/auth/ability';
import { rulesFor } from '../../../../shared/auth/rules';
import { SYSTEM_ROLES } from '../../../../shared/auth/system-roles';
import type { LocationPermission } from '../../../../shared/auth/permissions';
import type { SystemRoleName } from '../../../../shared/auth/vocabulary';
import type { UserView } from '../../../../shared/schemas/user';
import { AbilityProvider } from '../../../../web/src/lib/ability';
import { CurrentUserContext } from '../../../../web/src/lib/current-user';
import AdminPage from '../../../../web/src/features/admin/AdminPage';
import { ToastProvider } from '../../../../web/src/components/ui/Toast';

export { fakeServer, type Handlers, type Reply, type SentRequest } from '../../../support/fake-server';

export interface Viewer {
  role: SystemRoleName;
  permissions?: LocationPermission[];
}

export const SUPERADMIN: Viewer = { role: 'Superadmin' };
/** Conference admin of Blue Ridge, like the demo's. */
export const CONFERENCE_ADMIN: Viewer = {
  role: 'ConferenceAdmin',
  permissions: [{ entity: 'Conference', entityId: 'loc-blue-ridge', active: true, denial: false, ancestorIds: ['loc-se', 'loc-piedmont', 'loc-blue-ridge'] }],
};

/** CONFERENCE_ADMIN's own permission, as `GET /api/user/user-permissions` answers it (the tabs' conference picker). */
export const CONFERENCE_ADMIN_PERMISSION = {
  id: 'p-blue',
  userId: 'viewer',
  entity: 'Conference' as const,
  entityId: 'loc-blue-ridge',
  name: 'Blue Ridge Conference',
  locationActive: true,
  active: true,
  primary: true,
  denial: false,
  ancestorIds: ['loc-se', 'loc-piedmont', 'loc-blue-ridge'],
  version: 1,
  createdAt: '2024-01-01T00:00:00.000Z',
};

export function abilityOf(viewer: Viewer) {
  const role = SYSTEM_ROLES.find((r) => r.name === viewer.role)!;
  return buildAbility(rulesFor({ userId: 'viewer', roles: [{ name: role.name, policies: role.policies }], permissions: viewer.permissions ?? [] }));
}

/** The signed-in account of a viewer, as the account gate provides it (the role names tabs may depend on). */
export function viewerUser(role: SystemRoleName): UserView {
  const held = SYSTEM_ROLES.find((r) => r.name === role)!;
  return { id: 'viewer', firstName: 'Vera', lastName: 'Viewer', email: 'vera@example.org', inactive: false, registered: true, roles: [{ id: held.id, name: held.name, system: true }], createdAt: '2024-01-01T00:00:00.000Z', updatedAt: '2024-01-01T00:00:00.000Z' };
}

function CurrentPath() {
  const location = useLocation();
  return <output data-testid="path">{location.pathname}</output>;
}

function AriaRouter({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <RouterProvider navigate={navigate} useHref={useAppHref}>
      {children}
    </RouterProvider>
  );
}

/** The Admin page at `path` for a viewer, with a fresh SWR cache, inside a memory router. */
export function renderAdmin(path: string, viewer: Viewer = SUPERADMIN) {
  const page = (
    <CurrentUserContext.Provider value={viewerUser(viewer.role)}>
      <AdminPage />
    </CurrentUserContext.Provider>
  );
  return renderPage(path, viewer, { path: 'admin/*', element: page });
}

/** A page at `path` for a viewer (profile links land on a stand-in), with a fresh SWR cache, inside a memory router. */
export function renderPage(path: string, viewer: Viewer, page: { path: string; element: ReactNode } | Array<{ path: string; element: ReactNode }>) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <MemoryRouter initialEntries={[path]}>
        <AriaRouter>
          <AbilityProvider ability={abilityOf(viewer)}>
            <ToastProvider>
              <main>
                <Routes>
                  {(Array.isArray(page) ? page : [page]).map((one) => (
                    <Route key={one.path} path={one.path} element={one.element} />
                  ))}
                  <Route path="users/:id" element={<p>Profile page</p>} />
                </Routes>
                <CurrentPath />
              </main>
            </ToastProvider>
          </AbilityProvider>
        </AriaRouter>
      </MemoryRouter>
    </SWRConfig>,
  );
}

/** A quickSearch page body. */
export const pageOfRows = <T,>(data: T[], count = data.length) => ({ data, count });

import { Suspense } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { useAppHref } from './app-href';
import { RouterProvider } from 'react-aria-components';
import { LoadingState } from '../components/ui/LoadingState';
import { ToastProvider } from '../components/ui/Toast';
import { useAbility } from '../lib/ability';
import { BellIcon } from '../features/notifications/BellIcon';
import { FeedbackLink } from './FeedbackLink';
import { ProfileFace } from './ProfileFace';
import { lazyChunk } from '../lib/chunk-load';

// Loaded after the first screen: the dialog (and the modal machinery) is not needed to paint it.
const AnnouncementsDialog = lazyChunk(() => import('./AnnouncementsDialog'));
// The bell's panel and the account menu bring react-aria's dialog, menu and collection code
// (about 10 KB gzipped): they load just after the first screen, which shows their faces meanwhile.
const NotificationBell = lazyChunk(() => import('../features/notifications/NotificationBell').then((m) => ({ default: m.NotificationBell })));
const ProfileMenu = lazyChunk(() => import('./ProfileMenu').then((m) => ({ default: m.ProfileMenu })));

interface NavItem {
  label: string;
  to: string;
  end?: boolean;
  visible: boolean;
}

/** The app shell of SPEC.md sections 1 and 2: navigation by ability rule, feedback link, bell, profile menu, announcements. */
export function Shell() {
  const ability = useAbility();
  const navigate = useNavigate();
  const items: NavItem[] = [
    { label: 'Home', to: '/', end: true, visible: true },
    { label: 'Tracks', to: '/tracks', visible: true },
    { label: 'Dashboard', to: '/dashboard', visible: ability.can('update', 'District') },
    { label: 'Users', to: '/users', end: true, visible: ability.can('update', 'Conference') },
    { label: 'Forms', to: '/forms', visible: ability.can('create', 'FormTemplate') },
    { label: 'Admin', to: '/admin', visible: ability.can('update', 'Conference') },
  ];

  return (
    // Links inside react-aria components (menu items) navigate client-side through react-router.
    <RouterProvider navigate={navigate} useHref={useAppHref}>
    <ToastProvider>
    <div className="app-layout">
      <a className="app-skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <NavLink to="/" className="app-brand" aria-label="Formation Tracks home">
          <span className="app-brand-mark" aria-hidden="true" />
          Formation Tracks
        </NavLink>
        <nav aria-label="Main" className="app-nav">
          <ul>
            {items
              .filter((item) => item.visible)
              .map((item) => (
                <li key={item.label}>
                  <NavLink to={item.to} end={item.end} className="app-nav-link">
                    {item.label}
                  </NavLink>
                </li>
              ))}
          </ul>
        </nav>
        <div className="app-header-actions">
          <FeedbackLink />
          <Suspense fallback={<span className="notif-bell app-header-pending"><span className="notif-trigger"><BellIcon /></span></span>}>
            <NotificationBell />
          </Suspense>
          <Suspense fallback={<span className="app-profile-button app-header-pending"><ProfileFace /></span>}>
            <ProfileMenu />
          </Suspense>
        </div>
      </header>
      <main id="main" className="app-main" tabIndex={-1}>
        <Suspense fallback={<LoadingState message="Loading..." />}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <AnnouncementsDialog />
      </Suspense>
    </div>
    </ToastProvider>
    </RouterProvider>
  );
}

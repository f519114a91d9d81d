import { lazyWithPreload } from '../lib/lazy-with-preload';
import { USER_DIALOGS } from '../features/users/list/user-dialogs';

// Feature pages load on demand so the first screen stays small (ARCHITECTURE.md section 12).
// Each can also be fetched ahead: the account gate starts the current page's chunk while
// the account itself loads, instead of after it (one round trip less before the page paints).
export const TracksPage = lazyWithPreload(() => import('../features/tracks/TracksPage').then((m) => m.default));
export const StepPage = lazyWithPreload(() => import('../features/steps/StepPage').then((m) => m.default));
export const AdminPage = lazyWithPreload(() => import('../features/admin/AdminPage').then((m) => m.default));
export const UsersPage = lazyWithPreload(() => import('../features/users/UsersPage').then((m) => m.default));
export const ProfilePage = lazyWithPreload(() => import('../features/users/ProfilePage').then((m) => m.default));
export const EmailVerificationPage = lazyWithPreload(() => import('../features/users/EmailVerificationPage').then((m) => m.default));
export const FormsPage = lazyWithPreload(() => import('../features/forms/FormsPage').then((m) => m.default));
export const FormInstancePage = lazyWithPreload(() => import('../features/forms/FormInstancePage').then((m) => m.default));
export const DashboardPage = lazyWithPreload(() => import('../features/dashboard/DashboardPage').then((m) => m.default));
export const AuthenticatorPage = lazyWithPreload(() => import('../features/security/AuthenticatorPage').then((m) => m.default));

/** /users, its dialogs (/users/add-user ...), the email verification page, or a profile. */
function usersPageOf(second: string | undefined) {
  if (!second || (USER_DIALOGS as readonly string[]).includes(second)) return UsersPage;
  return second === 'email-verification' ? EmailVerificationPage : ProfilePage;
}

/** The page chunk a path will render (the first segment decides; /users/{id} is the profile). */
export function preloadPageOf(pathname: string): void {
  const [first = '', second] = pathname.split('/').filter(Boolean);
  const page = {
    '': TracksPage,
    tracks: TracksPage,
    step: StepPage,
    admin: AdminPage,
    users: usersPageOf(second),
    forms: FormsPage,
    'form-instance': FormInstancePage,
    security: AuthenticatorPage,
    dashboard: DashboardPage,
  }[first];
  page?.preload();
}

import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { AccountGate } from './AccountGate';
import { Shell } from './Shell';
import { RouteError } from './RouteError';
import { NotFoundPage } from './NotFoundPage';
import { USER_DIALOGS } from '../features/users/list/user-dialogs';

// Feature pages load on demand so the first screen stays small (ARCHITECTURE.md section 12).
const TracksPage = lazy(() => import('../features/tracks/TracksPage'));
const StepPage = lazy(() => import('../features/steps/StepPage'));
const AdminPage = lazy(() => import('../features/admin/AdminPage'));
const UsersPage = lazy(() => import('../features/users/UsersPage'));
const ProfilePage = lazy(() => import('../features/users/ProfilePage'));
const EmailVerificationPage = lazy(() => import('../features/users/EmailVerificationPage'));
const FormsPage = lazy(() => import('../features/forms/FormsPage'));
const FormInstancePage = lazy(() => import('../features/forms/FormInstancePage'));
const AuthenticatorPage = lazy(() => import('../features/security/AuthenticatorPage'));

export const router = createBrowserRouter([
  {
    element: <AccountGate />,
    errorElement: <RouteError />,
    children: [
      {
        element: <Shell />,
        children: [
          { index: true, element: <Navigate to="/tracks" replace /> },
          { path: 'tracks/*', element: <TracksPage /> },
          { path: 'step/:id', element: <StepPage /> },
          { path: 'admin/*', element: <AdminPage /> },
          { path: 'users', element: <UsersPage /> },
          // Static, so they win over users/:id (a dialog name is never a user id).
          ...USER_DIALOGS.map((dialog) => ({ path: `users/${dialog}`, element: <UsersPage dialog={dialog} /> })),
          { path: 'users/email-verification', element: <EmailVerificationPage /> },
          { path: 'users/:id/*', element: <ProfilePage /> },
          { path: 'forms/*', element: <FormsPage /> },
          { path: 'form-instance/:id', element: <FormInstancePage /> },
          { path: 'security/authenticator', element: <AuthenticatorPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);

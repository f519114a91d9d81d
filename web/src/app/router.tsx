import { createBrowserRouter } from 'react-router';
import { HomeRedirect } from './HomeRedirect';
import { AccountGate } from './AccountGate';
import { Shell } from './Shell';
import { RouteError } from './RouteError';
import { NotFoundPage } from './NotFoundPage';
import { USER_DIALOGS } from '../features/users/list/user-dialogs';
import {
  AdminPage,
  AuthenticatorPage,
  DashboardPage,
  EmailVerificationPage,
  FormInstancePage,
  FormsPage,
  ProfilePage,
  StepPage,
  TracksPage,
  UsersPage,
} from './page-chunks';

export const router = createBrowserRouter([
  {
    element: <AccountGate />,
    errorElement: <RouteError />,
    children: [
      {
        element: <Shell />,
        children: [
          { index: true, element: <HomeRedirect /> },
          { path: 'tracks/*', element: <TracksPage /> },
          { path: 'step/:id', element: <StepPage /> },
          { path: 'dashboard/*', element: <DashboardPage /> },
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

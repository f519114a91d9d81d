import { Navigate, Route, Routes } from 'react-router';
import { Gate } from '../../lib/gate';
import { Page } from '../../lib/page';
import { adminTabPath, DEFAULT_ADMIN_TAB } from './admin-tabs';
import { AdminTabs } from './AdminTabs';
import './admin.css';

/**
 * /admin (SPEC.md section 2): gated by update Conference, then /admin redirects to the
 * conferences tab. The gate comes first so a refused user sees the forbidden state at /admin.
 */
export default function AdminPage() {
  return (
    <Page title="Admin">
      <Gate I="update" a="Conference">
        <Routes>
          <Route index element={<Navigate to={adminTabPath(DEFAULT_ADMIN_TAB)} replace />} />
          <Route path=":tab/*" element={<AdminTabs />} />
        </Routes>
      </Gate>
    </Page>
  );
}

import type { UserView } from '@shared/schemas/user';
import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui';
import { useApi } from '../../../lib/api/use-api';
import { routes } from '../../../lib/api/routes';
import { useCurrentUser } from '../../../lib/current-user';
import { lazyWithPreload } from '../../../lib/lazy-with-preload';

// Loaded when its button is reached for (hover, focus) or the dialog opens: off the profile's first load.
const ErasePersonDialog = lazyWithPreload(() => import('./ErasePersonDialog').then((module) => module.ErasePersonDialog));

/**
 * Erase person (issue 25, item 4; docs/security.md "Erasure"): superadmins see it on another
 * person's profile. The dialog loads the preview: what would go, or why it is refused now.
 * The details read is the details card's (one fetch, as Merge User's). Once erased the person is
 * unknown to every route but their History's: the dialog's Erase goes back to the Users page.
 */
export function ErasePersonButton({ user }: { user: UserView }) {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const details = useApi(routes.user.profileBasicInfo, { params: { userId: user.id, canEdit: 'true' } });
  if (!details.data?.canManageAll || user.id === me.id) return null;
  return (
    <>
      <div className="users-status-actions">
        <Button variant="danger" onHoverStart={ErasePersonDialog.preload} onFocus={ErasePersonDialog.preload} onPress={() => setOpen(true)}>
          Erase person
        </Button>
      </div>
      {open && (
        <Suspense fallback={null}>
          <ErasePersonDialog
            userId={user.id}
            onClose={() => setOpen(false)}
            onErased={() => {
              setOpen(false);
              navigate('/users');
            }}
          />
        </Suspense>
      )}
    </>
  );
}

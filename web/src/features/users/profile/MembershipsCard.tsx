import { useState } from 'react';
import { canTogglePrimary } from '@shared/auth/policies';
import type { ChurchMembershipView } from '@shared/schemas/church-membership';
import { Alert, Badge, Button, Checkbox } from '../../../components/ui';
import { CardLoading } from './CardLoading';
import { useAbility } from '../../../lib/ability';
import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';
import { useApi } from '../../../lib/api/use-api';
import { useCurrentUser } from '../../../lib/current-user';
import { useSave } from '../../../lib/forms/use-save';
import { useDialogTarget } from '../../../lib/use-dialog-target';
import { PickerDialog } from '../list/PickerDialog';
import { ConfirmRemoval } from './ConfirmRemoval';
import { RemoveButton } from './RemoveButton';
import { useRemovalFocus } from './use-removal-focus';
import { locationOptions } from '../list/users-api';

/**
 * The profile's church memberships (SPEC.md sections 2 to 6): 'Home' (constituent) and
 * primary marked; Add Membership with 'Home' on by default; only active memberships can be
 * removed or have 'Home' toggled, the toggle by Superadmin, Conference Admin and District Admin.
 */
export function MembershipsCard({ userId }: { userId: string }) {
  const me = useCurrentUser();
  const ability = useAbility();
  const memberships = useApi(routes.church.memberships, { params: { userId } });
  const save = useSave(() => memberships.mutate());
  const adding = useDialogTarget<true>();
  const removing = useDialogTarget<ChurchMembershipView>();
  const [home, setHome] = useState(true);
  const mayToggle = canTogglePrimary({ roles: me.roles }) && ability.can('update', 'ChurchMembership');
  const focus = useRemovalFocus();

  if (memberships.error) return <Alert tone="danger">{(memberships.error as Error).message}</Alert>;
  if (!memberships.data) return <CardLoading headingId="profile-memberships" title="Church Memberships" message="Loading memberships..." lines={2} hasAction={ability.can('create', 'ChurchMembership')} />;

  return (
    <section ref={focus.cardRef} className="profile-card" aria-labelledby="profile-memberships">
      <div className="profile-card-head">
        <h2 id="profile-memberships" ref={focus.headingRef} tabIndex={-1}>
          Church Memberships
        </h2>
        {ability.can('create', 'ChurchMembership') && (
          <Button
            variant="secondary"
            onPress={() => {
              setHome(true);
              adding.open(true);
            }}
          >
            Add Membership
          </Button>
        )}
      </div>
      {memberships.data.length === 0 && <p className="admin-muted">No church memberships.</p>}
      <ul className="profile-list">
        {memberships.data.map((item) => (
          <li key={item.id}>
            <span>{item.church.name}</span>
            {item.primary && <Badge tone="info">Primary</Badge>}
            {!item.active && <Badge tone="neutral">Inactive</Badge>}
            <Checkbox
              // Named with its church: one 'Home' per row would be told apart by nothing.
              aria-label={`Home: ${item.church.name}`}
              isSelected={item.constituent}
              isDisabled={!item.active || !mayToggle || save.isPending}
              onChange={(on) => void save.run(() => call(routes.church.setConstituent, { params: { id: item.id, isConstituent: on ? 'true' : 'false' } }), `${item.church.name}: Home ${on ? 'on' : 'off'}.`)}
            >
              Home
            </Checkbox>
            {item.active && ability.can('update', 'ChurchMembership') && (
              <RemoveButton
                kind="membership"
                name={item.church.name}
                removes={item.id}
                onPress={() => {
                  focus.remember(item.id);
                  removing.open(item);
                }}
              />
            )}
          </li>
        ))}
      </ul>
      <PickerDialog
        key={adding.openCount}
        isOpen={adding.isOpen}
        title="Add Membership"
        intro="Make this user a member of a church."
        label="Church"
        requiredMessage="Location is required"
        loadOptions={(text) => locationOptions('Church', text)}
        confirmLabel="Add Membership"
        isPending={save.isPending}
        onClose={adding.close}
        onConfirm={async (choice) => {
          const added = () => call(routes.church.addMemberships, { body: { userIds: [userId], churchId: choice.id, constituent: home } });
          if (await save.run(added, `${choice.label} was added.`)) adding.close();
        }}
      >
        <Checkbox isSelected={home} onChange={setHome}>
          Home
        </Checkbox>
      </PickerDialog>
      <ConfirmRemoval
        dialog={removing}
        title="Remove Membership"
        message={(item) => `Remove the membership of ${item.church.name}? It stays listed as inactive.`}
        save={save}
        remove={(item) => call(routes.church.deactivateMembership, { params: { id: item.id } })}
        removed={(item) => `${item.church.name} was removed.`}
        onClosed={focus.restore}
      />
    </section>
  );
}

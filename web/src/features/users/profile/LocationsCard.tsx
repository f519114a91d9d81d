import { useState } from 'react';
import { LOCATION_KINDS } from '@shared/auth/vocabulary';
import { canTogglePrimary, LAST_CONFERENCE_MESSAGE } from '@shared/auth/policies';
import type { PermissionView } from '@shared/schemas/permission';
import { Alert, Badge, Button, RadioGroup } from '../../../components/ui';
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
import { PICKABLE_LOCATIONS, locationOptions, type PickableKind } from '../list/users-api';

const KIND_LABELS: Record<string, string> = { Jurisdiction: 'Jurisdiction', EpiscopalArea: 'Episcopal Area', Conference: 'Conference', District: 'District', Church: 'Church' };
const PICKABLE = Object.keys(PICKABLE_LOCATIONS) as PickableKind[];

/**
 * The profile's locations (SPEC.md sections 4 and 6): each kind's permissions, primary and
 * inactive ones marked; Add Location, Remove (active ones; a user's last conference only by a
 * superadmin: the server answers LAST_CONFERENCE_MESSAGE) and primary for those who may toggle it.
 */
export function LocationsCard({ userId }: { userId: string }) {
  const me = useCurrentUser();
  const ability = useAbility();
  const details = useApi(routes.user.locationsDetails, { params: { id: userId } });
  const save = useSave(() => details.mutate());
  const removing = useDialogTarget<PermissionView>();
  const [adding, setAdding] = useState(false);
  const [kind, setKind] = useState<PickableKind>('District');
  const mayToggle = canTogglePrimary({ roles: me.roles });
  const focus = useRemovalFocus();

  if (details.error) return <Alert tone="danger">{(details.error as Error).message}</Alert>;
  if (!details.data) return <CardLoading headingId="profile-locations" title="Locations" message="Loading locations..." lines={2} hasAction={ability.can('create', 'Permission')} />;
  const byKind = details.data;
  const groups = LOCATION_KINDS.map((entity) => [entity, byKind[entity]] as const).filter(([, items]) => items.length);
  const activeConferences = byKind.Conference.filter((item) => item.active && !item.denial);

  return (
    <section ref={focus.cardRef} className="profile-card" aria-labelledby="profile-locations">
      <div className="profile-card-head">
        <h2 id="profile-locations" ref={focus.headingRef} tabIndex={-1}>
          Locations
        </h2>
        {ability.can('create', 'Permission') && (
          <Button variant="secondary" onPress={() => setAdding(true)}>
            Add Location
          </Button>
        )}
      </div>
      {groups.length === 0 && <p className="admin-muted">Please contact an admin to add a location to your profile.</p>}
      {groups.map(([entity, items]) => (
        <div key={entity}>
          <h3 className="profile-subhead">{KIND_LABELS[entity]}</h3>
          <ul className="profile-list">
            {items.map((item) => (
              <li key={item.id}>
                <span>{item.name}</span>
                {item.primary && <Badge tone="info">Primary</Badge>}
                {!item.active && <Badge tone="neutral">Inactive</Badge>}
                {item.denial && <Badge tone="warning">Denied</Badge>}
                {item.active && !item.primary && !item.denial && mayToggle && (
                  <Button size="small" variant="secondary" aria-label={`Make primary: ${item.name}`} onPress={() => void save.run(() => call(routes.user.setPrimaryLocation, { body: { permissionId: item.id, userId } }), `${item.name} is now primary.`)}>
                    Make primary
                  </Button>
                )}
                {item.active && ability.can('delete', 'Permission') && (
                  <RemoveButton
                    kind="location"
                    name={item.name}
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
        </div>
      ))}
      <PickerDialog
        key={`add-${kind}`}
        isOpen={adding}
        title="Add Location"
        intro="Give this user a location."
        label={KIND_LABELS[kind]}
        requiredMessage="Location is required"
        loadOptions={(text) => locationOptions(kind, text)}
        confirmLabel="Add Location"
        isPending={save.isPending}
        onClose={() => setAdding(false)}
        onConfirm={async (choice) => {
          if (await save.run(() => call(routes.user.addLocation, { body: { userId, entity: kind, entityId: choice.id } }), `${choice.label} was added.`)) setAdding(false);
        }}
      >
        <RadioGroup label="Kind" value={kind} onChange={(value) => setKind(value as PickableKind)} options={PICKABLE.map((value) => ({ value, label: KIND_LABELS[value] }))} />
      </PickerDialog>
      <ConfirmRemoval
        dialog={removing}
        title="Remove Location"
        message={(item) => (activeConferences.length === 1 && activeConferences[0].id === item.id ? LAST_CONFERENCE_MESSAGE : `Remove ${item.name} from this user?`)}
        save={save}
        remove={(item) => call(routes.user.removeLocation, { params: { permissionId: item.id } })}
        removed={(item) => `${item.name} was removed.`}
        onClosed={focus.restore}
      />
    </section>
  );
}

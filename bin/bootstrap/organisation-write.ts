import { LOCATION_KINDS } from '../../shared/auth/vocabulary';
import { BULK_MAX } from '../../shared/api/limits';
import { buildAbility } from '../../shared/auth/ability';
import { rulesFor } from '../../shared/auth/rules';
import { systemRoleByName } from '../../shared/auth/system-roles';
import { createLocations } from '../../functions/core/locations/create-location';
import { projectLocation } from '../../functions/core/locations/location-projector';
import { projectOrWait } from '../../functions/db/directory-projection';
import { ValidationError } from '../../functions/lib/errors';
import type { OrganisationPlan, PlacedLocation } from './organisation-plan';
import { formatRowError, kindCount, type RowError } from './organisation-rows';

/** A create refused while writing (a name taken since the plan): the rows, and how far it got. */
export class OrganisationWriteError extends Error {
  constructor(
    readonly errors: RowError[],
    readonly written: number,
  ) {
    super(`${errors.map(formatRowError).join('; ')} (${written} locations were written before this; run again to finish)`);
    this.name = 'OrganisationWriteError';
  }
}

/** The operator acts as a superadmin would in the Admin page: the Superadmin role's own rules. */
const superadminCaller = () => {
  const role = systemRoleByName('Superadmin');
  // The audit trail names the bootstrap as the actor of the locations it creates.
  return {
    ability: buildAbility(rulesFor({ userId: 'bootstrap', roles: [{ name: role.name, system: true, policies: role.policies }], permissions: [] })),
    userId: 'bootstrap',
    sessionId: 'bootstrap',
    user: { firstName: 'Bootstrap', lastName: '(npm run bootstrap)' },
  };
};

/**
 * Creates the planned locations through the Admin page's own function (createLocations: the
 * name claim, the versioned item and its directory entries), a level at a time so every parent
 * is in the table before its children, in batches of BULK_MAX (one transaction each). Each new
 * location's id is set on its plan entry, where its children find it.
 */
export async function writeOrganisation(plan: OrganisationPlan, progress: (line: string) => void = () => undefined): Promise<void> {
  const caller = superadminCaller();
  let written = 0;
  for (const kind of LOCATION_KINDS) {
    const level = plan.create.filter((location) => location.kind === kind);
    for (let start = 0; start < level.length; start += BULK_MAX) {
      const batch = level.slice(start, start + BULK_MAX);
      const inputs = batch.map((location) => ({ name: location.name, parentId: kind === 'Jurisdiction' ? undefined : location.parent!.locationId }));
      try {
        const views = await createLocations(caller, kind, inputs);
        views.forEach((view, index) => (batch[index]!.locationId = view.id));
      } catch (error) {
        if (error instanceof ValidationError) throw new OrganisationWriteError(rowErrorsOf(error, batch), written);
        throw error;
      }
      written += batch.length;
    }
    if (level.length) progress(`  wrote ${kindCount(kind, level.length)}`);
  }
  await settleDirectory(plan.create);
}

/** createLocations names a refused item by its index in the batch (`3.name`). */
function rowErrorsOf(error: ValidationError, batch: PlacedLocation[]): RowError[] {
  return Object.entries(error.fieldErrors ?? {}).map(([field, messages]) => {
    const [index, column] = field.split('.');
    return { row: batch[Number(index)]?.row ?? 0, column: column ?? 'name', message: messages.join(' ') };
  });
}

/**
 * Projects every new location (and the areas listing new conferences) once more and waits for
 * it: the write's own projection gives up on a busy target and leaves it to the stream, which
 * a table may not have yet. A location already projected costs a read and changes nothing.
 */
async function settleDirectory(created: PlacedLocation[]): Promise<void> {
  const ids = new Set<string>();
  for (const location of created) {
    ids.add(location.locationId!);
    if (location.kind === 'Conference') ids.add(location.parent!.locationId!);
  }
  const pending = [...ids];
  const next = async (): Promise<void> => {
    for (let locationId = pending.shift(); locationId; locationId = pending.shift()) {
      const id = locationId;
      await projectOrWait(() => projectLocation(id));
    }
  };
  // A few at a time, as the write's own fast path does: siblings share counters.
  await Promise.all(Array.from({ length: 4 }, next));
}

import { scoped } from '../../../shared/auth/ability';
import { denials } from '../../../shared/auth/permissions';
import { IMPORT_ROLES_MAX } from '../../../shared/imports/csv-import';
import { phoneNumberSchema } from '../../../shared/schemas/user-profile';
import { emailSchema, firstNameSchema, lastNameSchema } from '../../../shared/schemas/user';
import type { LocationItem } from '../../db/access/location-store';
import { allRoles } from '../../db/access/role-store';
import { db } from '../../db/service';
import { batchGet } from '../../db/transact';
import { mayGive } from '../roles/role-assignment';
import type { AuthContext } from '../session/resolve-session';
import type { CheckedRow, TableRow } from './import-table';

/** A person ready to add, as the preview resolved them (ids, not names). */
export interface PersonRow {
  line: number;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber?: string;
  /** The district (or the conference itself when the cell is empty) of their primary permission. */
  locationId: string;
  locationKind: 'District' | 'Conference';
  /** When the cell named a church: a membership of it, in the district above. */
  churchId?: string;
  roleIds: string[];
}

export const PERSON_EXISTS = 'Already exists: unchanged (an import adds people, it never changes someone already here).';

/** Districts of a conference, and churches of one district, read for names (bounded: a conference has a few dozen). */
const PLACES_MAX = 1000;

const nameKey = (name: string) => name.trim().toLowerCase();
const firstIssue = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message ?? 'Invalid value.';

/**
 * Every people row checked as Add User and Assign Role would check it, before anything is
 * written: names, email (also against the other rows and everyone already here), phone, the
 * district or church (by name, inside this conference, where the caller may add users), and
 * each role (by name, one the caller may give a person placed there).
 */
export async function checkPeople(auth: AuthContext, conference: LocationItem, rows: TableRow[]): Promise<CheckedRow<PersonRow>[]> {
  const places = await placesByName(conference, rows.map((row) => row.cells['District or church']!).filter(Boolean));
  const roles = new Map((await allRoles()).map((role) => [nameKey(role.name), role]));
  const emails = rows.map((row) => row.cells['Email']!.toLowerCase());
  const taken = new Set((await batchGet<{ email: string }>(db().entities.userEmail, [...new Set(emails.filter(Boolean))].map((email) => ({ email })))).map((claim) => claim.email));
  const firstLine = new Map<string, number>();
  return rows.map((row, index): CheckedRow<PersonRow> => {
    const problems = [...row.problems];
    const cells = row.cells;
    const firstName = firstNameSchema.max(60, 'First Name must be at most 60 characters').safeParse(cells['First name']);
    const lastName = lastNameSchema.max(60, 'Last Name must be at most 60 characters').safeParse(cells['Last name']);
    const email = emailSchema.safeParse(emails[index]);
    if (!firstName.success) problems.push(firstIssue(firstName));
    if (!lastName.success) problems.push(firstIssue(lastName));
    if (!email.success) problems.push(firstIssue(email));
    const earlier = firstLine.get(emails[index]!);
    if (email.success && earlier !== undefined) problems.push(`This email is also on line ${earlier}: each person once.`);
    else if (email.success) firstLine.set(emails[index]!, row.line);
    const phone = cells['Phone'] ? phoneNumberSchema.safeParse(cells['Phone']) : null;
    if (phone && !phone.success) problems.push(`Phone: ${firstIssue(phone)}`);

    const placeName = cells['District or church']!;
    const place = placeName ? places.found.get(nameKey(placeName)) : { location: conference, district: conference };
    if (placeName && places.ambiguous.has(nameKey(placeName))) problems.push(`Several churches in ${conference.name} are named "${placeName}": name the district instead.`);
    else if (!place) problems.push(`No active district or church named "${placeName}" in ${conference.name}.`);
    else if (!mayAddAt(auth, place.district)) problems.push(`You may not add people to ${place.district.name}.`);

    const roleNames = cells['Roles']!.split(';').map((name) => name.trim()).filter(Boolean);
    if (roleNames.length > IMPORT_ROLES_MAX) problems.push(`At most ${IMPORT_ROLES_MAX} roles.`);
    const roleIds: string[] = [];
    const permission = place && { entity: place.district.kind, entityId: place.district.locationId, ancestorIds: place.district.ancestorIds, primary: true, active: true };
    for (const roleName of roleNames.slice(0, IMPORT_ROLES_MAX)) {
      const role = roles.get(nameKey(roleName));
      if (!role) problems.push(`No role named "${roleName}".`);
      // The rule of Assign Role: nobody gives what they could not hold, over every place it would apply for this person.
      else if (permission && !mayGive(auth, role, [{ permissions: [permission] as never }])) problems.push(`You may not give the ${role.name} role.`);
      else roleIds.push(role.roleId);
    }
    const label = `${cells['First name']} ${cells['Last name']} <${cells['Email']}>`.trim();
    if (problems.length) return { view: { line: row.line, label, status: 'problem', messages: problems } };
    if (taken.has(emails[index]!)) return { view: { line: row.line, label, status: 'unchanged', messages: [PERSON_EXISTS] } };
    return {
      view: { line: row.line, label, status: 'ready', messages: [] },
      ready: {
        line: row.line,
        firstName: firstName.data!,
        lastName: lastName.data!,
        email: emails[index]!,
        ...(phone?.data ? { phoneNumber: phone.data } : {}),
        locationId: place!.district.locationId,
        locationKind: place!.district.kind as PersonRow['locationKind'],
        ...(place!.location.kind === 'Church' ? { churchId: place!.location.locationId } : {}),
        roleIds: [...new Set(roleIds)],
      },
    };
  });
}

/** As Add User: the caller may create users at the place, and no denial of theirs covers it. */
function mayAddAt(auth: AuthContext, place: LocationItem): boolean {
  if (denials(auth.permissions).some((denial) => place.ancestorIds.includes(denial.entityId))) return false;
  return auth.ability.can('create', scoped('User', { ancestorIds: place.ancestorIds }));
}

/**
 * The conference's active districts by name, and, when some names are not a district, the
 * active churches of its districts (a church places the person in its district). One Query for
 * the districts, one per district for churches only when needed.
 */
async function placesByName(conference: LocationItem, names: string[]): Promise<{ found: Map<string, { location: LocationItem; district: LocationItem }>; ambiguous: Set<string> }> {
  const found = new Map<string, { location: LocationItem; district: LocationItem }>();
  const ambiguous = new Set<string>();
  if (!names.length) return { found, ambiguous };
  const { data: districts } = await db().entities.location.query.byParent({ parentId: conference.locationId, kind: 'District' }).go({ limit: PLACES_MAX });
  const active = districts.filter((district) => district.active);
  for (const district of active) found.set(nameKey(district.name), { location: district, district });
  const wanted = new Set(names.map(nameKey).filter((name) => !found.has(name)));
  if (!wanted.size) return { found, ambiguous };
  for (const district of active) {
    const { data: churches } = await db().entities.location.query.byParent({ parentId: district.locationId, kind: 'Church' }).go({ limit: PLACES_MAX });
    for (const church of churches) {
      const key = nameKey(church.name);
      if (!church.active || !wanted.has(key)) continue;
      // Two churches of one name in the conference: the row must name the district instead.
      if (found.has(key)) ambiguous.add(key);
      else found.set(key, { location: church, district });
    }
  }
  for (const key of ambiguous) found.delete(key);
  return { found, ambiguous };
}

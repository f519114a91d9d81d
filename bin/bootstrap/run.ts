import { LOCATION_KINDS } from '../../shared/auth/vocabulary';
import { applySystemRoles, ensureSystemRoot, planSystemRoles, systemRootPresent } from '../../functions/db/seed/system-base';
import { pathText, planOrganisation, type OrganisationPlan } from './organisation-plan';
import { formatRowError, kindCount, kindLabel, readOrganisationRows, type RowError } from './organisation-rows';
import { writeOrganisation } from './organisation-write';
import { applySuperadmin, planSuperadmin, readSuperadmin } from './superadmin';

/**
 * `npm run bootstrap` without the command line (bin/bootstrap.ts): checks everything first
 * (arguments, every row of the organisation file, the table), prints the plan, and writes
 * nothing when anything is wrong or on a dry run. Then, in order: the system roles, the
 * System root, the organisation, the first superadmin and their invitation. Each step
 * skips what is already there, so a second run writes nothing and says so.
 */
export interface BootstrapInput {
  email?: string;
  name?: string;
  /** The organisation file's text, and its name for messages. */
  organisation?: { text: string; file: string };
  dryRun?: boolean;
  /** Send the superadmin a fresh invitation when they exist but never signed in. */
  reinvite?: boolean;
  print?: (line: string) => void;
}

export interface BootstrapOutcome {
  /** Every problem found; nothing was written when there is any. */
  errors: string[];
  /** Whether the run wrote (or, on a dry run, would write) anything. */
  changes: boolean;
  superadminId?: string;
}

export async function bootstrap(input: BootstrapInput): Promise<BootstrapOutcome> {
  const print = input.print ?? ((line: string) => console.log(line));
  const errors: string[] = [];

  const { person, errors: personErrors } = readSuperadmin(input.email, input.name);
  errors.push(...personErrors);
  const rows = input.organisation ? readOrganisationRows(input.organisation.text) : { rows: [], errors: [] };
  const organisation = input.organisation ? await planOrganisation(rows.rows) : { plan: { create: [], present: [] }, errors: [] };
  const rowErrors = [...rows.errors, ...organisation.errors].sort((a, b) => a.row - b.row);
  errors.push(...rowErrors.map((error: RowError) => `${input.organisation?.file ?? 'organisation'}: ${formatRowError(error)}`));
  const roles = await planSystemRoles();
  errors.push(...roles.nameTaken.map((role) => `system role ${role.name}: another role already has this name; rename that role in the app first`));
  const rootPresent = await systemRootPresent();
  const superadmin = person ? await planSuperadmin(person) : {};
  if (superadmin.error) errors.push(superadmin.error);

  if (errors.length) {
    print(`Nothing was written: ${errors.length} problem${errors.length === 1 ? '' : 's'} to fix first.`);
    for (const error of errors) print(`  ${error}`);
    return { errors, changes: false };
  }

  const plan = organisation.plan;
  const changes = roles.missing.length + roles.outdated.length > 0 || !rootPresent || plan.create.length > 0 || superadmin.plan!.action !== 'present' || Boolean(input.reinvite && !superadmin.plan!.signedIn);
  const will = input.dryRun ? 'would be' : 'to be';
  if (input.dryRun) print('Dry run: nothing is written.');
  print(`System roles: ${roles.current.length} present${roles.missing.length ? `, ${roles.missing.length} ${will} created` : ''}${roles.outdated.length ? `, ${roles.outdated.length} ${will} brought to the code's policies (${roles.outdated.map((role) => role.name).join(', ')})` : ''}.`);
  print(`System root: ${rootPresent ? 'present' : `${will} created`}.`);
  if (input.organisation) describeOrganisation(input.organisation.file, plan, Boolean(input.dryRun), print);
  print(`Superadmin ${person!.email}: ${describeSuperadmin(superadmin.plan!, will, Boolean(input.reinvite))}.`);
  if (!changes) {
    print('Nothing to do: everything is already there.');
    return { errors: [], changes: false, superadminId: 'userId' in superadmin.plan! ? superadmin.plan.userId : undefined };
  }
  if (input.dryRun) return { errors: [], changes: true };

  await applySystemRoles(roles, new Date().toISOString());
  if (roles.missing.length + roles.outdated.length) print('Wrote the system roles.');
  if ((await ensureSystemRoot(new Date().toISOString())) === 'created') print('Wrote the System root.');
  if (plan.create.length) {
    print(`Writing ${plan.create.length} locations ...`);
    await writeOrganisation(plan, print);
  }
  const superadminId = await applySuperadmin(person!, superadmin.plan!, { reinvite: input.reinvite });
  if (superadmin.plan!.action === 'create') print(`Created the superadmin ${person!.email} (user ${superadminId}) and sent the invitation.`);
  else if (superadmin.plan!.action === 'grant') print(`Gave ${person!.email} (user ${superadminId}) the Superadmin role.`);
  if (input.reinvite && superadmin.plan!.action !== 'create' && !superadmin.plan!.signedIn) print(`Sent ${person!.email} a fresh invitation.`);
  print('Done.');
  return { errors: [], changes: true, superadminId };
}

function describeOrganisation(file: string, plan: OrganisationPlan, dryRun: boolean, print: (line: string) => void): void {
  const counts = LOCATION_KINDS.map((kind) => [kind, plan.create.filter((location) => location.kind === kind).length] as const).filter(([, count]) => count > 0);
  const created = counts.length ? counts.map(([kind, count]) => kindCount(kind, count)).join(', ') : 'none';
  print(`Organisation (${file}): ${plan.create.length + plan.present.length} rows; to create: ${created}; already there: ${plan.present.length}.`);
  if (!dryRun) return;
  const rows = [...plan.create.map((location) => ({ location, verb: 'create' })), ...plan.present.map((location) => ({ location, verb: 'present' }))];
  for (const { location, verb } of rows.sort((a, b) => a.location.row! - b.location.row!)) {
    print(`  row ${location.row}: ${verb} ${kindLabel(location.kind)} "${pathText(location.path)}"${location.active ? '' : ' (deactivated)'}`);
  }
}

function describeSuperadmin(plan: NonNullable<Awaited<ReturnType<typeof planSuperadmin>>['plan']>, will: string, reinvite: boolean): string {
  if (plan.action === 'create') return `${will} created with the Superadmin role and invited`;
  const invitation = plan.signedIn ? 'has signed in' : reinvite ? `has not signed in yet; a fresh invitation ${will} sent` : 'has not signed in yet (--reinvite sends a fresh invitation)';
  return plan.action === 'grant' ? `exists (user ${plan.userId}) and ${will} given the Superadmin role; ${invitation}` : `present with the Superadmin role (user ${plan.userId}); ${invitation}`;
}

import { loadUserAggregate } from '../../../../db/access/user-aggregate';

/** The target's name and email, copied onto the links, enrolments and assignments that now name them. */
export async function summaryOf({ toUserId }: { toUserId: string }) {
  const aggregate = await loadUserAggregate(toUserId, { consistent: true });
  if (!aggregate) throw new Error(`Merge target ${toUserId} is missing`);
  const { firstName, lastName, email } = aggregate.user;
  return { firstName, lastName, email };
}

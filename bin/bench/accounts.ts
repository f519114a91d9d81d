import { DEMO_USERS, demoUserByRole } from '../../functions/db/seed/demo-people';

/** The demo accounts the benchmark calls as (emails; the seed gives each one role). */
export const AS = {
  superadmin: demoUserByRole('Superadmin').email,
  conferenceAdmin: demoUserByRole('ConferenceAdmin').email,
  districtAdmin: demoUserByRole('DistrictAdmin').email,
  participant: demoUserByRole('Participant').email,
  mentor: demoUserByRole('Mentor').email,
  interviewer: demoUserByRole('Interviewer').email,
  advisor: demoUserByRole('Advisor').email,
} as const;

/** A demo account's user id. */
export function demoUserId(email: string): string {
  const found = DEMO_USERS.find((user) => user.email === email);
  if (!found) throw new Error(`No demo account ${email}`);
  return found.id;
}

import type { SystemRoleName } from '../../../shared/auth/vocabulary';
import { secondFactorRequired } from '../../../shared/auth/mfa';
import { DEMO_LOCATION_IDS } from './demo-organisation';

export const DEMO_PASSWORD = 'demo-password';

/**
 * The authenticator app (TOTP) secret of the demo accounts whose roles need one (superadmin,
 * conference admin): fixed and public, so `npm start`, the tests and anyone trying the demo
 * can compute codes. The local sign-in page shows the current code for these accounts.
 */
export const DEMO_TOTP_SECRET = 'FORMATIONDEMOTOTPSECRETFORTRACKS';

export interface DemoUser {
  id: string;
  email: string;
  password: string;
  /** The system role's name. */
  role: SystemRoleName;
  firstName: string;
  lastName: string;
  /** Set for the accounts whose roles need an authenticator app: DEMO_TOTP_SECRET. */
  totpSecret?: string;
}

interface DemoPerson extends DemoUser {
  /** Locations the user holds a permission on (the first is primary). */
  locations: string[];
  /** Churches the user is a member of (the first is Home and primary). */
  churches: string[];
}

const PEOPLE: DemoPerson[] = (
  [
  { id: 'demo-superadmin', email: 'superadmin@example.org', role: 'Superadmin', firstName: 'Sam', lastName: 'Okafor', locations: [], churches: [] },
  { id: 'demo-conference-admin', email: 'conference.admin@example.org', role: 'ConferenceAdmin', firstName: 'Carmen', lastName: 'Delgado', locations: [DEMO_LOCATION_IDS.conference1], churches: [] },
  { id: 'demo-district-admin', email: 'district.admin@example.org', role: 'DistrictAdmin', firstName: 'Darius', lastName: 'Whitfield', locations: [DEMO_LOCATION_IDS.district1], churches: [] },
  { id: 'demo-advisor', email: 'advisor@example.org', role: 'Advisor', firstName: 'Abigail', lastName: 'Nguyen', locations: [DEMO_LOCATION_IDS.district1], churches: [] },
  { id: 'demo-mentor', email: 'mentor@example.org', role: 'Mentor', firstName: 'Marcus', lastName: 'Bell', locations: [DEMO_LOCATION_IDS.district1], churches: [] },
  { id: 'demo-interviewer', email: 'interviewer@example.org', role: 'Interviewer', firstName: 'Irene', lastName: 'Kowalski', locations: [DEMO_LOCATION_IDS.conference1], churches: [] },
  {
    id: 'demo-participant',
    email: 'participant@example.org',
    role: 'Participant',
    firstName: 'Priya',
    lastName: 'Raman',
    locations: [DEMO_LOCATION_IDS.district1],
    churches: [DEMO_LOCATION_IDS.church1],
  },
  ] satisfies Array<Omit<DemoPerson, 'password'>>
).map((person) => ({
  ...person,
  password: DEMO_PASSWORD,
  ...(secondFactorRequired([{ name: person.role, system: true }]) ? { totpSecret: DEMO_TOTP_SECRET } : {}),
}));

/** One demo account per role; all sign in with `demo-password`. */
export const DEMO_USERS: DemoUser[] = PEOPLE.map(({ locations: _l, churches: _c, ...user }) => user);

export function demoPeople(): readonly DemoPerson[] {
  return PEOPLE;
}

export function demoUserByRole(role: SystemRoleName): DemoUser {
  const found = DEMO_USERS.find((user) => user.role === role);
  if (!found) throw new Error(`No demo user with role ${role}`);
  return found;
}

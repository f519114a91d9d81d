import { DEMO_LOCATION_IDS as ids } from '../../functions/db/seed/demo-organisation';
import { systemRoleByName } from '../../shared/auth/system-roles';
import { DEMO_INSTANCE_IDS } from '../../functions/db/seed/demo-tracks';
import { LARGE_TRACK_ID } from '../../functions/db/seed/large-track';
import { AS, demoUserId } from './accounts';
import type { BenchCase } from './bench-case';
import { USERS_TABLE_FIRST_PAGES, USERS_TABLE_OPENERS } from './users-table-roles';

/**
 * The admin list, search and count cases `npm run bench -- --scale large` runs on demo
 * data and on the large seed, as the superadmin and as the demo conference admin. Filters
 * name demo locations, which exist at both scales (the large seed adds to them).
 * Page-bounded reads should cost the same at both scales; only the deep page reads more.
 */
export interface ScaleCase {
  name: string;
  /** The contract measured. */
  route: string;
  bench: Omit<BenchCase, 'as'>;
  /** Who calls it (demo accounts); by default the superadmin and the demo conference admin. */
  callers?: readonly string[];
}

interface ListedKind {
  service: string;
  /** Filter: a demo location whose children to list (or a where clause of its own). */
  filter: string;
  search: string;
  sortable: boolean;
}

const KINDS: ListedKind[] = [
  { service: 'jurisdiction', filter: 'where[active]=false', search: 'south', sortable: false },
  { service: 'episcopal-area', filter: `where[parentId]=${ids.jurisdiction1}`, search: 'pied', sortable: true },
  { service: 'conference', filter: `where[parentId]=${ids.episcopalArea1}`, search: 'blue', sortable: true },
  { service: 'district', filter: `where[parentId]=${ids.conference1}`, search: 'lake', sortable: true },
  { service: 'church', filter: `where[parentId]=${ids.district1}`, search: 'grace', sortable: true },
];

const PAGE = 'limit=10&offset=0';
/** The deepest page offset paging allows (MAX_LIST_OFFSET): reads offset + limit keys. */
const DEEP_PAGE = 'limit=10&offset=990';

function kindCases({ service, filter, search, sortable }: ListedKind): ScaleCase[] {
  const quickSearch = (name: string, query: string): ScaleCase => ({ name: `${service} quickSearch ${name}`, route: `${service}.quickSearch`, bench: { path: `/api/${service}/quickSearch`, query } });
  return [
    quickSearch('page', PAGE),
    ...(sortable ? [quickSearch('sort', `${PAGE}&orderBy[parentName]=DESC`)] : []),
    quickSearch('search', `${PAGE}&where[name]=${search}`),
    quickSearch('filter', `${PAGE}&${filter}`),
    ...(service === 'church' ? [quickSearch('deep page', DEEP_PAGE)] : []),
    { name: `${service} count`, route: `${service}.count`, bench: { path: `/api/${service}/count` } },
    { name: `${service} list`, route: `${service}.list`, bench: { path: `/api/${service}`, query: 'limit=25&offset=0' } },
  ];
}

/** The users table: its first page as every role that opens it (both routes), each sort, each filter, a search and the deepest page. */
function userTableCases(): ScaleCase[] {
  const users = (name: string, query: string): ScaleCase => ({ name: `users ${name}`, route: 'user.quickSearch', bench: { path: '/api/user/quickSearch', query: `${PAGE}${query}` } });
  return [
    ...USERS_TABLE_FIRST_PAGES.map((page): ScaleCase => ({ name: page.name, route: page.contract.id, bench: page.bench, callers: USERS_TABLE_OPENERS })),
    users('sort name desc', '&orderBy[name]=DESC'),
    users('sort email', '&orderBy[email]=ASC'),
    users('sort created desc', '&orderBy[createdAt]=DESC'),
    users('filter role', `&where[roleId]=${systemRoleByName('Advisor').id}`),
    users('filter status', '&where[status]=Active'),
    users('filter conference', `&where[conferenceId]=${ids.conference1}`),
    users('filter district', `&where[districtId]=${ids.district1}`),
    users('search', '&where[name]=ng'),
    { name: 'users deep page', route: 'user.quickSearch', bench: { path: '/api/user/quickSearch', query: DEEP_PAGE } },
  ];
}

/** The participants table of the demo's conference track: its demo enrolments, then 10,000 more (the large seed). */
function participantCases(): ScaleCase[] {
  const table = (name: string, body: Record<string, unknown>): ScaleCase => ({
    name: `participants ${name}`,
    route: 'track.instances',
    bench: { method: 'POST', path: `/api/track/${DEMO_INSTANCE_IDS.trackTemplate}/true/instances`, body: { limit: 10, offset: 0, ...body } },
  });
  return [
    table('page', {}),
    table('filter status', { where: { status: 'Withdrawn' } }),
    table('filter last name', { where: { lastName: 'b' } }),
    table('filter first name', { where: { firstName: 'a' } }),
    table('filter email', { where: { email: 'z' } }),
    table('deep page', { offset: 990 }),
  ];
}

/** People and tag search: SPEC section 9's limits bound every answer, whatever the directory's size. */
function searchCases(): ScaleCase[] {
  const people = (purpose: string, text: string): ScaleCase => ({ name: `people search ${purpose}`, route: 'user.peopleSearch', bench: { path: '/api/user/people-search', query: `text=${text}&purpose=${purpose}` } });
  return [
    people('user', 'ma'),
    people('advisor', 'ma'),
    people('mentor', 'ma'),
    { name: 'tag search', route: 'user.searchTags', bench: { path: '/api/user/tag', query: 'searchTerm=coh' } },
    { name: 'mentor options', route: 'user.mentorOptions', bench: { method: 'POST', path: '/api/user/get-mentor-options', body: { userId: demoUserId(AS.participant), mentorSearch: 'm' } } },
  ];
}

/**
 * The demo enrolment's track and step pages (the same items at both scales), and the 10 x 100 track's outline
 * and parts (the demo side writes that track beside the demo: ./scale-worker.ts).
 */
function trackCases(): ScaleCase[] {
  const firstPhase = `${LARGE_TRACK_ID}-p000`;
  const lastStep = `${LARGE_TRACK_ID}-p009-s099`;
  return [
    { name: 'track list page', route: 'track.quickSearch', bench: { path: '/api/track/quickSearch', query: PAGE } },
    { name: 'track instance page', route: 'track.trackInstance', bench: { path: `/api/track/track-instance/${DEMO_INSTANCE_IDS.trackInstance}` } },
    { name: 'step page', route: 'step.stepInstance', bench: { path: `/api/step/step-instance/${DEMO_INSTANCE_IDS.callStoryStep}` } },
    { name: 'demo track outline', route: 'track.trackTemplate', bench: { path: `/api/track/track-template/${DEMO_INSTANCE_IDS.trackTemplate}` } },
    { name: '10 x 100 track outline', route: 'track.trackTemplate', bench: { path: `/api/track/track-template/${LARGE_TRACK_ID}` } },
    { name: '10 x 100 track phase', route: 'phase.getPhase', bench: { path: `/api/phase/get-phase/${firstPhase}` } },
    { name: '10 x 100 track step', route: 'step.stepTemplate', bench: { path: `/api/step/step-template/${lastStep}` } },
  ];
}

/**
 * The dashboard (issue 27) of the organisation, the demo conference and its district: counters only,
 * so the same reads at both scales (the large seed adds 10,000 enrolments to the district's figures).
 */
function dashboardCases(): ScaleCase[] {
  const dashboard = (name: string, scopeId: string, callers: readonly string[]): ScaleCase => ({ name: `dashboard ${name}`, route: 'conference.dashboard', bench: { path: `/api/conference/dashboard/${scopeId}` }, callers });
  return [
    dashboard('organisation', 'system', [AS.superadmin]),
    dashboard('conference', ids.conference1, [AS.superadmin, AS.conferenceAdmin]),
    dashboard('district', ids.district1, [AS.superadmin, AS.conferenceAdmin, AS.districtAdmin]),
    // The list behind the waiting figures, narrowed by what a filter leaves out (a bounded read at any size).
    { name: 'dashboard waiting, conference', route: 'conference.dashboardWaiting', bench: { path: `/api/conference/dashboard/${ids.conference1}/waiting` }, callers: [AS.conferenceAdmin] },
    { name: 'dashboard enrolments, Open', route: 'conference.dashboardEnrolments', bench: { path: `/api/conference/dashboard/${ids.conference1}/enrolments`, query: 'status=Open' }, callers: [AS.conferenceAdmin] },
    { name: 'dashboard waiting, Overdue', route: 'conference.dashboardWaiting', bench: { path: `/api/conference/dashboard/${ids.conference1}/waiting`, query: 'status=Overdue' }, callers: [AS.conferenceAdmin] },
  ];
}

export const SCALE_CASES: ScaleCase[] = [
  ...dashboardCases(),
  ...trackCases(),
  ...searchCases(),
  ...participantCases(),
  ...KINDS.flatMap(kindCases),
  ...userTableCases(),
  { name: 'advisors page', route: 'user.advisors', bench: { path: '/api/user/advisors', query: PAGE } },
  { name: 'advisors search', route: 'user.advisors', bench: { path: '/api/user/advisors', query: `${PAGE}&where[name]=ng` } },
  { name: 'advisors deep page', route: 'user.advisors', bench: { path: '/api/user/advisors', query: DEEP_PAGE } },
  { name: 'role quickSearch', route: 'role.quickSearch', bench: { path: '/api/role/quickSearch', query: PAGE } },
];

import { loadUserAggregate } from '../../db/access/user-aggregate';
import { projectOrWait } from '../../db/directory-projection';
import type { JobKind } from '../../db/jobs';
import { db } from '../../db/service';
import { projectUser } from '../users/user-projector';
import { projectEnrolmentsNow } from '../enrolments/enrolment-projector';
import { setIfPresent } from '../../db/set-if-present';

/**
 * After a user is renamed (or their email changes): every copy of their name on other items
 * follows, a page per step, each set from the user's CURRENT name (idempotent, resumable):
 * their directory entries, mentor links (as mentee and as mentor), enrolments (the
 * participants table's name and sort order, and the participant on each assignment),
 * assignments (as assignee, on the assignment and in the instance's assignee list),
 * interview groups, and the comments they wrote.
 */

const PAGE = 25;
const STAGES = ['directory', 'mentees', 'mentors', 'enrolments', 'assignments', 'groups', 'comments'] as const;
type Stage = (typeof STAGES)[number];

interface Cursor {
  stage: number;
  page?: string | null;
}

interface Person {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
}

const differs = (copy: { firstName?: string; lastName?: string; email?: string } | undefined, person: Person) =>
  !copy || copy.firstName !== person.firstName || copy.lastName !== person.lastName || (copy.email !== undefined && copy.email !== person.email);

const summary = ({ firstName, lastName, email }: Person) => ({ firstName, lastName, email });

type StageRun = (person: Person, page: string | null) => Promise<{ refreshed: number; page: string | null }>;

const stages: Record<Stage, StageRun> = {
  async directory(person) {
    await projectOrWait(() => projectUser(person.userId));
    return { refreshed: 1, page: null };
  },
  async mentees(person, page) {
    const { data, cursor } = await db().entities.mentorAssignment.query.byMentee({ userId: person.userId }).go({ limit: PAGE, cursor: page });
    const stale = data.filter((link) => differs(link.mentee, person));
    await Promise.all(stale.map((link) => setIfPresent(() => db().entities.mentorAssignment.patch({ userId: link.userId, mentorId: link.mentorId }).set({ mentee: summary(person) }).go())));
    return { refreshed: stale.length, page: cursor };
  },
  async mentors(person, page) {
    const { data, cursor } = await db().entities.mentorAssignment.query.byMentor({ mentorId: person.userId }).go({ limit: PAGE, cursor: page });
    const stale = data.filter((link) => differs(link.mentor, person));
    await Promise.all(stale.map((link) => setIfPresent(() => db().entities.mentorAssignment.patch({ userId: link.userId, mentorId: link.mentorId }).set({ mentor: summary(person) }).go())));
    return { refreshed: stale.length, page: cursor };
  },
  async enrolments(person, page) {
    const { data, cursor } = await db().entities.trackInstance.query.byParticipant({ participantId: person.userId }).go({ limit: PAGE, cursor: page });
    let refreshed = 0;
    for (const instance of data) {
      if (differs(instance.participant, person)) {
        refreshed += 1;
        const sortName = `${person.lastName} ${person.firstName}`.toLowerCase();
        await setIfPresent(() => db().entities.trackInstance.patch({ trackInstanceId: instance.trackInstanceId }).set({ participant: summary(person), sortName }).go());
        await projectEnrolmentsNow([instance.trackInstanceId], 'job');
      }
      // The instance's assignments carry the participant too (a few per instance).
      const { data: assignees } = await db().entities.trackAssignee.query.byInstance({ trackInstanceId: instance.trackInstanceId }).go({ limit: 100 });
      const staleAssignees = assignees.filter((assignee) => differs(assignee.participant, person));
      await Promise.all(
        staleAssignees.map((assignee) =>
          setIfPresent(() => db().entities.trackAssignee.patch({ trackInstanceId: assignee.trackInstanceId, roleId: assignee.roleId, assigneeId: assignee.assigneeId }).set({ participant: summary(person) }).go()),
        ),
      );
    }
    return { refreshed, page: cursor };
  },
  async assignments(person, page) {
    const { data, cursor } = await db().entities.trackAssignee.query.byAssignee({ assigneeId: person.userId }).go({ limit: PAGE, cursor: page });
    const stale = data.filter((assignee) => differs(assignee.assignee, person));
    await Promise.all(
      stale.map((assignee) =>
        setIfPresent(() => db().entities.trackAssignee.patch({ trackInstanceId: assignee.trackInstanceId, roleId: assignee.roleId, assigneeId: assignee.assigneeId }).set({ assignee: summary(person) }).go()),
      ),
    );
    for (const instanceId of new Set(data.map((assignee) => assignee.trackInstanceId))) await refreshAssigneeList(instanceId, person);
    return { refreshed: stale.length, page: cursor };
  },
  async groups(person, page) {
    const { data, cursor } = await db().entities.userGroupMember.query.byUser({ userId: person.userId }).go({ limit: PAGE, cursor: page });
    const stale = data.filter((member) => differs(member.user, person));
    await Promise.all(stale.map((member) => setIfPresent(() => db().entities.userGroupMember.patch({ userGroupId: member.userGroupId, userId: member.userId }).set({ user: summary(person) }).go())));
    return { refreshed: stale.length, page: cursor };
  },
  async comments(person, page) {
    const { data, cursor } = await db().entities.comment.query.byAuthor({ authorId: person.userId }).go({ limit: PAGE, cursor: page });
    const stale = data.filter((comment) => comment.author.firstName !== person.firstName || comment.author.lastName !== person.lastName);
    await Promise.all(
      stale.map((comment) =>
        setIfPresent(() =>
          db()
            .entities.comment.patch({ userId: comment.userId, commentId: comment.commentId })
            .set({ author: { id: person.userId, firstName: person.firstName, lastName: person.lastName } })
            .go(),
        ),
      ),
    );
    return { refreshed: stale.length, page: cursor };
  },
};

/** The instance's own list of assignees (the track page's names), rewritten from its current version. */
async function refreshAssigneeList(trackInstanceId: string, person: Person): Promise<void> {
  const { data: instance } = await db().entities.trackInstance.get({ trackInstanceId }).go({ consistent: true });
  if (!instance?.assignees.some((entry) => entry.userId === person.userId && (entry.firstName !== person.firstName || entry.lastName !== person.lastName))) return;
  const assignees = instance.assignees.map((entry) => (entry.userId === person.userId ? { ...entry, firstName: person.firstName, lastName: person.lastName } : entry));
  // Conditioned on the version read: a concurrent change wins and this step is repeated.
  await db()
    .entities.trackInstance.patch({ trackInstanceId })
    .set({ assignees })
    .add({ version: 1 })
    .where((attributes, operations) => operations.eq(attributes.version, instance.version))
    .go();
}

export const nameCopiesJob: JobKind<{ userId: string }> = {
  async step(job) {
    const cursor: Cursor = (job.cursor as Cursor | undefined) ?? { stage: 0 };
    const aggregate = await loadUserAggregate(job.input.userId, { consistent: true });
    const stage = STAGES[cursor.stage];
    if (!aggregate || !stage) return { done: 0, total: STAGES.length, finished: true, result: null };
    const { userId, firstName, lastName, email } = aggregate.user;
    const { page } = await stages[stage]({ userId, firstName, lastName, email }, cursor.page ?? null);
    return page ? { done: 0, total: STAGES.length, cursor: { stage: cursor.stage, page } } : { done: 1, total: STAGES.length, cursor: { stage: cursor.stage + 1 } };
  },
};

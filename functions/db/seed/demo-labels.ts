import { claimKey, GLOBAL_SCOPE } from '../claims';
import { deterministicId } from '../ids';
import { db } from '../service';
import { demoUserByRole } from './demo-people';

/** The demo's tags (one list for the organisation) and who carries them. */
const DEMO_TAGS = [
  { tagId: 'demo-tag-candidate-2027', name: 'Candidate 2027', on: ['Participant'] },
  { tagId: 'demo-tag-spanish-speaker', name: 'Spanish Speaker', on: ['Participant', 'Advisor'] },
  { tagId: 'demo-tag-youth-ministry', name: 'Youth Ministry', on: ['Mentor'] },
] as const;

/** Comments about the participant: by their advisor and their district admin (never shown to Priya herself). */
const DEMO_COMMENTS = [
  { by: 'Advisor', type: 'Behavior', comment: 'Arrives prepared to every meeting and follows up on readings.', daysAgo: 21 },
  { by: 'DistrictAdmin', type: 'Performance', comment: 'Led the district youth retreat with care; strong feedback from families.', daysAgo: 9 },
  { by: 'Advisor', type: 'Character', comment: 'Patient with newcomers; a natural listener.', daysAgo: 2 },
] as const;

/**
 * Tags, aliases and comments on demo people (the mentor link is seeded with the people), so
 * a newcomer's profile pages show each card filled. Fixed ids: seeding again rewrites the same items.
 */
export async function seedLabels(seededAt: string): Promise<void> {
  const entities = db().entities;
  const participant = demoUserByRole('Participant');
  const at = Date.parse(seededAt);
  await Promise.all([
    ...DEMO_TAGS.flatMap((tag) => [
      entities.tag.put({ tagId: tag.tagId, name: tag.name, createdAt: seededAt, updatedAt: seededAt }).go(),
      entities.claim.put({ ...claimKey({ kind: 'tag', scope: GLOBAL_SCOPE, name: tag.name }), ownerId: tag.tagId, createdAt: seededAt }).go(),
      ...tag.on.map((role) => entities.userTag.put({ userId: demoUserByRole(role).id, tagId: tag.tagId, name: tag.name, createdAt: seededAt }).go()),
    ]),
    entities.alias.put({ userId: participant.id, aliasId: 'demo-alias-priya', alias: 'Priya R.', createdAt: seededAt }).go(),
    entities.alias.put({ userId: demoUserByRole('Mentor').id, aliasId: 'demo-alias-marc', alias: 'Marc', createdAt: seededAt }).go(),
    ...DEMO_COMMENTS.map((item, index) => {
      const author = demoUserByRole(item.by);
      const written = at - item.daysAgo * 86_400_000;
      return entities.comment
        .put({
          userId: participant.id,
          commentId: deterministicId(written, 'demo-comment', String(index)),
          type: item.type,
          comment: item.comment,
          author: { id: author.id, firstName: author.firstName, lastName: author.lastName },
          createdAt: new Date(written).toISOString(),
        })
        .go();
    }),
  ]);
}

import { Entity } from 'electrodb';
import { SERVICE, createdAt } from './attributes';
import { personSummary } from './people';


/**
 * A mentor linked to a mentee. Main key: in the MENTEE's partition (`userId` is the
 * mentee), so the profile's mentors come with the profile. gsi1 `byMentor`: a mentor's
 * mentees. Names are copied for display (and refreshed when a user is renamed).
 */
export const mentorAssignment = new Entity({
  model: { entity: 'mentorAssignment', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    mentorId: { type: 'string', required: true, readOnly: true },
    mentee: personSummary,
    mentor: personSummary,
    createdAt,
  },
  indexes: {
    byMentee: {
      collection: ['userProfile', 'userDetails'],
      pk: { field: 'pk', composite: ['userId'] },
      sk: { field: 'sk', composite: ['mentorId'] },
    },
    byMentor: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['mentorId'] },
      sk: { field: 'gsi1sk', composite: ['userId'] },
    },
  },
});

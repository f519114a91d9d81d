import { Entity } from 'electrodb';
import { SERVICE, createdAt } from './attributes';
import { personSummary } from './people';

/**
 * An advisor, interviewer (or other role) assigned to a track instance. Main key: in the
 * instance's summary collection. gsi1 `byAssignee`: a user's assignments (`GET
 * assigned-tracks`, the User Assignments table). gsi2 `byTemplateRole`: the advisors of
 * a track (`GET track/{id}/advisors`, removeAdvisorFromInstances, Advisor role removal).
 */
export const trackAssignee = new Entity({
  model: { entity: 'trackAssignee', version: '1', service: SERVICE },
  attributes: {
    trackInstanceId: { type: 'string', required: true, readOnly: true },
    assigneeId: { type: 'string', required: true, readOnly: true },
    roleId: { type: 'string', required: true, readOnly: true },
    roleName: { type: 'string', required: true },
    assignee: personSummary,
    trackTemplateId: { type: 'string', required: true, readOnly: true },
    trackName: { type: 'string', required: true },
    participantId: { type: 'string', required: true },
    participant: personSummary,
    createdAt,
  },
  indexes: {
    byInstance: {
      collection: ['trackInstanceAggregate', 'trackInstanceSummary'],
      pk: { field: 'pk', composite: ['trackInstanceId'] },
      sk: { field: 'sk', composite: ['roleId', 'assigneeId'] },
    },
    byAssignee: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['assigneeId'] },
      sk: { field: 'gsi1sk', composite: ['trackInstanceId', 'roleId'] },
    },
    byTemplateRole: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['trackTemplateId', 'roleId'] },
      sk: { field: 'gsi2sk', composite: ['assigneeId', 'trackInstanceId'] },
    },
  },
});

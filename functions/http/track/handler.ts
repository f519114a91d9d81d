import { createServiceHandler } from '../../lib/http/service-handler';
import { trackApi } from '../../../shared/api/track';
import { createTrack, setTrackDisabled, startTrackDelete, updateTrack } from '../../core/tracks/track-editor';
import { trackPage, tracksOfConference } from '../../core/tracks/track-list';
import { startTrackCopy, startTrackImport } from '../../core/tracks/track-copy';
import { readOutline } from '../../core/tracks/track-outline';
import { requireTrack } from '../../core/tracks/track-scope';
import { assignedTracks } from '../../core/tracks/assigned-tracks';

export const handler = createServiceHandler(trackApi, {
  create: async ({ auth, body }) => createTrack(auth, body),
  update: async ({ auth, params, body }) => updateTrack(auth, params.trackTemplateId, body),
  trackTemplate: async ({ auth, params }) => readOutline(auth, params.trackTemplateId),
  deactivate: async ({ auth, params }) => setTrackDisabled(auth, params.trackTemplateId, true),
  reactivate: async ({ auth, params }) => setTrackDisabled(auth, params.trackTemplateId, false),
  remove: async ({ auth, params }) => startTrackDelete(auth, params.trackTemplateId),
  isSystemTrackWithCopies: async ({ auth, params }) => (await requireTrack(auth, params.trackTemplateId, 'read')).track.copyCount > 0,
  byConference: async ({ auth, params, query }) => tracksOfConference(auth, params.conferenceId, query),
  copy: async ({ auth, params, body }) => startTrackCopy(auth, params.trackTemplateId, params.conferenceId, body),
  importTemplate: async ({ auth, params, body }) => startTrackImport(auth, params.trackTemplateId, params.conferenceId, body),
  assignedTracks: async ({ auth }) => assignedTracks(auth),
  quickSearch: async ({ auth, query }) => trackPage(auth, query),
});

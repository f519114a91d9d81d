import type { ExportFormat } from '@shared/schemas/table-export';
import { call } from '../../../lib/api/client';
import { routes } from '../../../lib/api/routes';
import type { ParticipantPageBody } from './participants-api';

/** The participants table as a file, with the filters on screen: a small one in the answer, a large one a job. */
export const exportParticipants = (trackTemplateId: string, format: ExportFormat, where: ParticipantPageBody['where']) =>
  call(routes.track.instancesExport, { params: { trackTemplateId }, body: { format, where } });

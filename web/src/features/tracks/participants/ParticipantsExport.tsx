import { ExportMenu } from '../../../lib/exports/ExportMenu';
import type { ParticipantPageBody } from './participants-api';
import { exportParticipants } from './participants-export-api';

/** The participants table's Export: the rows this viewer may see with the filters on screen. */
export function ParticipantsExport({ trackId, where }: { trackId: string; where: ParticipantPageBody['where'] }) {
  return <ExportMenu what="participants" start={(format) => exportParticipants(trackId, format, where)} />;
}

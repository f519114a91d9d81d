import * as z from 'zod';

/** An enrolment as /tracks lists it: the track, its participant and their status. */
export const assignedTrackSchema = z.object({
  trackInstanceId: z.string(),
  trackTemplateId: z.string(),
  trackName: z.string(),
  status: z.string(),
  participant: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
  /** The caller's role on it (Assignments only). */
  roleName: z.string().nullable(),
});
export type AssignedTrack = z.infer<typeof assignedTrackSchema>;

/** `GET assigned-tracks`: the caller's own enrolments (Participating) and those they are assigned to (Assignments). */
export const assignedTracksSchema = z.object({ participating: z.array(assignedTrackSchema), assignments: z.array(assignedTrackSchema) });
export type AssignedTracks = z.infer<typeof assignedTracksSchema>;

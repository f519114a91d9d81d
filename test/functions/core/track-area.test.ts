import { db } from '../../../functions/db/service';
import { newId } from '../../../functions/db/ids';
import { DEMO_LOCATION_IDS as ids } from '../../../functions/db/seed/demo-organisation';
import { setTrackArea } from '../../../functions/core/tracks/track-area';
import { getTrackTemplate } from '../../../functions/core/tracks/track-store';
import { seedDemo } from '../../support/demo-table';

/**
 * `setTrackArea` (the location move job's `tracks` stage, the re-index) puts a track in the area
 * of the conference it was read in. A write between its read and its write is read again; when
 * that write moved the track to another conference, the new conference's area (set by that
 * write) must stay: the walker's area is its old conference's.
 */
beforeAll(async () => {
  await seedDemo();
});

async function trackWithoutArea(): Promise<string> {
  const trackTemplateId = `area-${newId().toLowerCase()}`;
  await db().entities.trackTemplate.create({ trackTemplateId, name: 'Area race', description: 'Area race', conferenceId: ids.conference1, disabled: false, status: 'active' }).go();
  return trackTemplateId;
}

describe('setTrackArea', () => {
  it('gives a track its conference area on the version read, without moving the version', async () => {
    const id = await trackWithoutArea();
    const read = (await getTrackTemplate(id))!;
    expect(await setTrackArea(read, ids.episcopalArea1)).toBe(true);
    expect(await getTrackTemplate(id)).toMatchObject({ episcopalAreaId: ids.episcopalArea1, version: read.version });
    expect(await setTrackArea((await getTrackTemplate(id))!, ids.episcopalArea1)).toBe(false);
  });

  it('leaves a track moved to another conference since it was read in the area its move gave it', async () => {
    const id = await trackWithoutArea();
    const read = (await getTrackTemplate(id))!;
    // An edit (updateTrack) moved it to conference2 meanwhile, with conference2's area.
    await db()
      .entities.trackTemplate.patch({ trackTemplateId: id })
      .set({ conferenceId: ids.conference2, episcopalAreaId: ids.episcopalArea2, status: read.status, name: read.name })
      .add({ version: 1 })
      .go();
    // The walker of conference1 (read before the move) writes conference1's area.
    expect(await setTrackArea(read, ids.episcopalArea1)).toBe(false);
    expect(await getTrackTemplate(id)).toMatchObject({ conferenceId: ids.conference2, episcopalAreaId: ids.episcopalArea2 });
  });
});

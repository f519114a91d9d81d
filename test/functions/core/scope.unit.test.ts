import { disjointGrants, grantsInside, locationScopesFor } from '../../../functions/core/scope';

const perm = (entity: 'Jurisdiction' | 'EpiscopalArea' | 'Conference' | 'District' | 'Church', ancestorIds: string[], flags: { active?: boolean; denial?: boolean } = {}) => ({
  entity,
  entityId: ancestorIds[ancestorIds.length - 1],
  ancestorIds,
  active: flags.active ?? true,
  denial: flags.denial ?? false,
});

const conferenceA = perm('Conference', ['j1', 'ea1', 'cA']);
const districtInA = perm('District', ['j1', 'ea1', 'cA', 'd1']);
const districtInB = perm('District', ['j1', 'ea1', 'cB', 'd2']);
const churchInB = perm('Church', ['j1', 'ea1', 'cB', 'd3', 'ch1']);

describe('disjointGrants', () => {
  it('drops permissions under another held one, inactive ones and denials', () => {
    const kept = disjointGrants([conferenceA, districtInA, districtInB, perm('District', ['j2', 'ea2', 'cC', 'd9'], { active: false }), perm('Conference', ['j2', 'ea2', 'cD'], { denial: true })]);
    expect(kept.map((p) => p.entityId)).toEqual(['cA', 'd2']);
  });

  it('keeps one of two permissions on the same location', () => {
    expect(disjointGrants([districtInB, { ...districtInB }])).toHaveLength(1);
  });
});

describe('locationScopesFor', () => {
  it('reads the lists of permissions above the kind and lists the others at their ancestor of that kind', () => {
    expect(locationScopesFor([conferenceA, districtInA, districtInB, churchInB], 'District')).toEqual({ listScopeIds: ['cA'], directIds: ['d2', 'd3'] });
    expect(locationScopesFor([conferenceA, districtInB, churchInB], 'Conference')).toEqual({ listScopeIds: [], directIds: ['cA', 'cB'] });
    expect(locationScopesFor([conferenceA, churchInB], 'Church')).toEqual({ listScopeIds: ['cA'], directIds: ['ch1'] });
    expect(locationScopesFor([districtInB], 'Jurisdiction')).toEqual({ listScopeIds: [], directIds: ['j1'] });
  });

  it('gives nothing without grants', () => {
    expect(locationScopesFor([perm('Conference', ['j1', 'ea1', 'cA'], { denial: true })], 'Church')).toEqual({ listScopeIds: [], directIds: [] });
  });
});

describe('grantsInside', () => {
  it('keeps permissions at or under a location; everything is under the System root', () => {
    expect(grantsInside([conferenceA, districtInB], 'cB')).toEqual([districtInB]);
    expect(grantsInside([conferenceA, districtInB], 'cA')).toEqual([conferenceA]);
    expect(grantsInside([conferenceA, districtInB], 'system')).toHaveLength(2);
  });
});

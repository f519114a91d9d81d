import type { LocationKind } from '../../../shared/auth/vocabulary';

/** How messages name a kind ("A district with this name already exists here."). */
const KIND_LABELS: Record<LocationKind, string> = {
  Jurisdiction: 'jurisdiction',
  EpiscopalArea: 'episcopal area',
  Conference: 'conference',
  District: 'district',
  Church: 'church',
};

export function duplicateNameMessage(kind: LocationKind): string {
  const label = KIND_LABELS[kind];
  const article = /^[aeiou]/.test(label) ? 'An' : 'A';
  return `${article} ${label} with this name already exists here.`;
}

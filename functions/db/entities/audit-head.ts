import { Entity } from 'electrodb';
import { SERVICE, version } from './attributes';

/**
 * The sealed end of one audit chain (issue 25): how many entries it holds, the last one's id
 * and chain hash. Written only by the sealer (functions/core/records/audit-seal.ts), on its
 * `version`, in the transaction that seals the next entry. gsi1 `list` (one partition, by chain
 * id) is how `check:audit` finds every chain without a Scan.
 */
export const auditHead = new Entity({
  model: { entity: 'auditHead', version: '1', service: SERVICE },
  attributes: {
    chainId: { type: 'string', required: true, readOnly: true },
    seq: { type: 'number', required: true },
    lastEntryId: { type: 'string', required: true },
    lastHash: { type: 'string', required: true },
    updatedAt: { type: 'string', required: true },
    version,
  },
  indexes: {
    byChain: {
      pk: { field: 'pk', composite: ['chainId'] },
      sk: { field: 'sk', composite: [] },
    },
    list: {
      index: 'gsi1',
      scope: 'auditHeads',
      pk: { field: 'gsi1pk', composite: [] },
      sk: { field: 'gsi1sk', composite: ['chainId'] },
    },
  },
});

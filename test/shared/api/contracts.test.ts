import { api, contracts } from '../../../shared/api';
import { snsMessageSchema } from '../../../functions/core/communication/sns-signature';
import { unboundedInputs } from '../../support/zod-walk';

/**
 * A provider webhook's contract takes the raw body (a bad one must be a 403, not a 400); its
 * route checks it against the SNS message schema, so that is the schema whose bounds count.
 */
const schemaOf = (contract: (typeof contracts)[number], part: 'params' | 'query' | 'body') =>
  part === 'body' && contract.snsWebhook ? snsMessageSchema : contract[part];

describe('route contracts', () => {
  it('are grouped by service: the contract under `key` of api[service] has the id `<service>.<key>` and a path under /api/<service>', () => {
    const misplaced: string[] = [];
    for (const [service, group] of Object.entries(api)) {
      for (const [key, contract] of Object.entries(group)) {
        if (contract.id !== `${service}.${key}` || contract.service !== service || !contract.path.startsWith(`/api/${service}/`) && contract.path !== `/api/${service}`) {
          misplaced.push(`api.${service}.${key}: ${contract.id} ${contract.service} ${contract.path}`);
        }
      }
    }
    expect(misplaced).toEqual([]);
  });

  it('have unique ids and unique method + path pairs', () => {
    const ids = contracts.map((c) => c.id);
    const routes = contracts.map((c) => `${c.method} ${c.path}`);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(routes.filter((route, i) => routes.indexOf(route) !== i)).toEqual([]);
  });

  it('bound every text and list a client sends (path, query and body): one request cannot burn the CPU', () => {
    const unbounded = contracts.flatMap((contract) =>
      (['params', 'query', 'body'] as const).flatMap((part) => {
        const schema = schemaOf(contract, part);
        return schema ? unboundedInputs(schema).map((path) => `${contract.id} ${part} ${path}`) : [];
      }),
    );
    expect(unbounded).toEqual([]);
  });
});

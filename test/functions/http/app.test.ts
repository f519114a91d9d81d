import { handler } from '../../../functions/http/app/handler';
import { contracts } from '../../../shared/api';
import { config } from '../../../functions/lib/config';
import { invoke } from '../../support/invoke';

describe('app service', () => {
  it('answers health without a session', async () => {
    const res = await invoke(handler, '/api/app/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', version: '2.0.0' });
  });

  it('answers the feedback form address when it is set (https only); unset, the local stand-in off AWS and nothing in AWS', async () => {
    delete process.env.FEEDBACK_URL;
    expect((await invoke(handler, '/api/app/settings')).body).toEqual({ feedbackUrl: '/local/feedback' });
    process.env.AWS_LAMBDA_FUNCTION_NAME = 'app';
    try {
      expect(config.feedbackUrl).toBeUndefined();
    } finally {
      delete process.env.AWS_LAMBDA_FUNCTION_NAME;
    }
    process.env.FEEDBACK_URL = 'https://forms.example.org/feedback';
    expect((await invoke(handler, '/api/app/settings')).body).toEqual({ feedbackUrl: 'https://forms.example.org/feedback' });
    process.env.FEEDBACK_URL = 'javascript:alert(1)';
    expect((await invoke(handler, '/api/app/settings')).body).toEqual({});
    delete process.env.FEEDBACK_URL;
  });

  it('serves an OpenAPI document naming every contract', async () => {
    const res = await invoke(handler, '/api/app/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    // Paths that differ only in parameter names are one OpenAPI path ({nameOrAliasId}): match by shape.
    const shape = (path: string) => path.replace(/\{[^}]+\}/g, '{}');
    const byShape = new Map(Object.entries(res.body.paths as Record<string, unknown>).map(([path, item]) => [shape(path), item as Record<string, { operationId: string }>]));
    for (const contract of contracts) {
      expect(byShape.get(shape(contract.path))?.[contract.method.toLowerCase()]?.operationId).toBe(contract.id);
    }
  });

  it('answers 404 with a JSON message for an unknown route, without internals', async () => {
    const res = await invoke(handler, '/api/app/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not Found' });
  });

  it('answers 404 for a known path with the wrong method', async () => {
    const res = await invoke(handler, '/api/app/health', { method: 'DELETE' });
    expect(res.status).toBe(404);
  });
});

import { JOB_WORKER_SERVICE, STALLED_JOBS_METRIC, sweepMetrics } from '../../../functions/events/sweep-metrics';
import { sweep } from '../../../functions/events/sweepers';
import { JOB_SWEEPERS, sweepJobs } from '../../../functions/events/job-sweepers';
import { METRICS_NAMESPACE } from '../../../functions/lib/http/request-metrics';
import { JOB_WORKER } from '../../../infra/bundling/function-bundles';

/** The EMF lines written to stdout while `run` runs. */
async function emfLines(run: () => Promise<unknown>): Promise<any[]> {
  const lines: string[] = [];
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    await run();
  } finally {
    write.mockRestore();
  }
  return lines.flatMap((l) => l.split('\n')).filter((l) => l.includes('"CloudWatchMetrics"')).map((l) => JSON.parse(l));
}

afterEach(() => vi.unstubAllEnvs());

describe('the sweep\'s job-stall metric', () => {
  it('counts the jobs a sweep moved, under the job worker\'s service dimension only', () => {
    const emf = sweepMetrics(3).serializeMetrics();
    const [directive] = emf._aws.CloudWatchMetrics;
    expect(directive.Namespace).toBe(METRICS_NAMESPACE);
    expect(directive.Dimensions).toEqual([['service']]);
    expect(emf).toMatchObject({ service: JOB_WORKER_SERVICE, [STALLED_JOBS_METRIC]: 3 });
    expect(JOB_WORKER_SERVICE).toBe(JOB_WORKER);
    // The jobs sweeper is the job worker's: the outbox worker's sweep has none.
    expect(JOB_SWEEPERS.map((sweeper) => sweeper.name)).toEqual(['jobs']);
  });

  it('reports 0 when the jobs sweeper failed or did not run, so the alarm sees every sweep', () => {
    expect(sweepMetrics({ error: 'boom' }).serializeMetrics()).toMatchObject({ [STALLED_JOBS_METRIC]: 0 });
    expect(sweepMetrics(undefined).serializeMetrics()).toMatchObject({ [STALLED_JOBS_METRIC]: 0 });
  });

  it('is written by every job worker sweep in a Lambda, never off AWS, and never by the outbox worker\'s sweep', async () => {
    const sweepers = [{ name: 'jobs', run: async () => 2 }];
    expect(await emfLines(() => sweepJobs(sweepers))).toEqual([]);

    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'Formation-Api-FnJobWorker');
    vi.stubEnv('LOG_LEVEL', 'silent');
    const lines = await emfLines(() => sweepJobs(sweepers));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ service: JOB_WORKER_SERVICE, [STALLED_JOBS_METRIC]: 2 });
    expect(await emfLines(() => sweep([{ name: 'outbox', run: async () => 1 }]))).toEqual([]);
  });
});

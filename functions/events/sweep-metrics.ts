import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { runsInAws } from '../lib/config';
import { METRICS_NAMESPACE } from '../lib/http/request-metrics';
import { appLogger } from '../lib/log';

/** The job worker's `service` dimension (it runs the jobs sweeper), the same name as its bundle (infra/bundling/function-bundles.ts). */
export const JOB_WORKER_SERVICE = 'job-worker';
/** Jobs a sweep found stalled and moved on: the stream should have carried them (the job-stall alarm). */
export const STALLED_JOBS_METRIC = 'StalledJobs';

/** What one sweep reports of the jobs sweeper: the count it moved, or the error that stopped it. */
export type JobsSweepResult = number | { error: string } | undefined;

/** One sweep's metrics (EMF): StalledJobs, 0 when none, so the alarm sees a sweep that found nothing. */
export function sweepMetrics(jobs: JobsSweepResult): Metrics {
  const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: JOB_WORKER_SERVICE, logger: appLogger() });
  metrics.addMetric(STALLED_JOBS_METRIC, MetricUnit.Count, typeof jobs === 'number' ? jobs : 0);
  return metrics;
}

/** Writes the line in a Lambda only; locally the sweep runs every few seconds and EMF would be noise. */
export function publishSweepMetrics(jobs: JobsSweepResult): void {
  if (!runsInAws()) return;
  sweepMetrics(jobs).publishStoredMetrics();
}

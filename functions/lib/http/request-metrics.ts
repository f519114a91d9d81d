import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { runsInAws } from '../config';
import { appLogger } from '../log';

export const METRICS_NAMESPACE = 'FormationTracks';

export interface RequestOutcome {
  service: string;
  /** The contract id, or `unmatched` when no route matched: a property of the line, searchable in Logs Insights. */
  route: string;
  status: number;
  ms: number;
}

/**
 * One request's CloudWatch metrics (Embedded Metric Format): Requests, Status4xx, Status5xx
 * and Latency, with `service` as the only dimension. The route is a property of the same
 * line, not a dimension: one stream per route and metric made about 1,370 custom metrics,
 * billed each month, while Logs Insights still groups by route (docs/deploy.md, "Dashboard").
 * Built per request, so requests served side by side never share properties.
 */
export function requestMetrics(outcome: RequestOutcome): Metrics {
  const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: outcome.service, logger: appLogger() });
  metrics.addMetadata('route', outcome.route);
  metrics.addMetric('Requests', MetricUnit.Count, 1);
  metrics.addMetric('Status4xx', MetricUnit.Count, outcome.status >= 400 && outcome.status < 500 ? 1 : 0);
  metrics.addMetric('Status5xx', MetricUnit.Count, outcome.status >= 500 ? 1 : 0);
  metrics.addMetric('Latency', MetricUnit.Milliseconds, outcome.ms);
  return metrics;
}

/** Writes the metrics line in a Lambda; elsewhere (local runtime, tests) EMF lines would only be noise. */
export function publishRequestMetrics(outcome: RequestOutcome): void {
  if (!runsInAws()) return;
  requestMetrics(outcome).publishStoredMetrics();
}

import { Duration, Stack } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type { Construct } from 'constructs';
import { METRICS_NAMESPACE } from '../../functions/lib/http/request-metrics';

export interface DashboardInputs {
  alarms: cloudwatch.IAlarm[];
  requests: cloudwatch.IMetric;
  clientErrors: cloudwatch.IMetric;
  serverErrors: cloudwatch.IMetric;
  serverErrorRate: cloudwatch.IMetric;
  latency: { p50: cloudwatch.IMetric; p99: cloudwatch.IMetric };
  throttles: cloudwatch.IMetric;
  tooManyRequests: cloudwatch.IMetric;
  stalledJobs: cloudwatch.IMetric;
  /** The outbox worker's and the job worker's dead-letter queues. */
  deadLetters: cloudwatch.IMetric[];
  sesRates: cloudwatch.IMetric[];
  /** The functions' log groups: the per-route table reads the request lines there. */
  logGroupNames: string[];
}

/** One line per service, found by CloudWatch itself (a new service appears without a deploy). */
function perService(metricName: string, label: string): cloudwatch.MathExpression {
  return new cloudwatch.MathExpression({
    expression: `SEARCH('{${METRICS_NAMESPACE},service} MetricName="${metricName}"', 'Sum', 300)`,
    label,
    usingMetrics: {},
    period: Duration.minutes(5),
  });
}

/**
 * Routes are a property of the request lines, not a metric dimension (functions/lib/http/request-metrics.ts):
 * Logs Insights ranks them when someone looks, at no monthly cost.
 */
const SLOWEST_ROUTES = [
  'filter ispresent(Latency) and ispresent(route)',
  'stats count(*) as requests, sum(Status5xx) as errors5xx, pct(Latency, 99) as p99Ms by service, route',
  'sort p99Ms desc',
  'limit 25',
];

/** The on-call view, top to bottom: alarm states, the API, the services, background work and mail. */
export function operationsDashboard(scope: Construct, id: string, m: DashboardInputs): cloudwatch.Dashboard {
  const dashboard = new cloudwatch.Dashboard(scope, id, {
    dashboardName: `${Stack.of(scope).stackName}-operations`,
    defaultInterval: Duration.hours(6),
  });
  const graph = (title: string, left: cloudwatch.IMetric[], extra: Partial<cloudwatch.GraphWidgetProps> = {}) => new cloudwatch.GraphWidget({ title, left, width: 8, height: 6, ...extra });
  dashboard.addWidgets(new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms: m.alarms, width: 24, height: 3 }));
  dashboard.addWidgets(
    graph('API requests, 4xx and 5xx (per 5 min)', [m.requests], { right: [m.clientErrors, m.serverErrors] }),
    graph('API 5xx rate (%)', [m.serverErrorRate]),
    graph('API latency (ms)', [m.latency.p50, m.latency.p99]),
  );
  dashboard.addWidgets(
    graph('Requests by service', [perService('Requests', '')]),
    graph('5xx by service', [perService('Status5xx', '')]),
    graph('Lambda throttles and 429 answers', [m.throttles, m.tooManyRequests]),
  );
  dashboard.addWidgets(
    graph('Worker dead letters (outbox, jobs) and stalled jobs', [...m.deadLetters, m.stalledJobs]),
    graph('SES bounce and complaint rates', m.sesRates),
    new cloudwatch.LogQueryWidget({ title: 'Slowest routes (p99 ms, from the request lines)', logGroupNames: m.logGroupNames, queryLines: SLOWEST_ROUTES, width: 8, height: 6 }),
  );
  return dashboard;
}

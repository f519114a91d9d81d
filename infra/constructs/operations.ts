import { Duration, Stack } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { JOB_WORKER_SERVICE, STALLED_JOBS_METRIC } from '../../functions/events/sweep-metrics';
import { METRICS_NAMESPACE } from '../../functions/lib/http/request-metrics';
import { CostBudget } from './cost-budget';
import { operationsDashboard } from './operations-dashboard';
import type { OutboxWorkerWiring } from './outbox-worker-wiring';

/** Every threshold in one place; docs/deploy.md ("When an alarm fires") explains each. */
export const ALARM_THRESHOLDS = {
  /** Percent of API responses that are 5xx over five minutes ... */
  serverErrorPercent: 5,
  /** ... counted only from this many requests in those five minutes (one failure in three calls is not an outage). */
  serverErrorMinRequests: 20,
  /** p99 of the API's latency, in two of three five-minute periods (the functions time out at 10 s). */
  p99LatencyMs: 3000,
  /** Lambda throttles of the account's functions in five minutes (a new account may allow only 10 concurrent). */
  throttles: 1,
  /** 429 answers in five minutes, whoever gave them: the per-caller limits, or API Gateway throttling. */
  tooManyRequests: 50,
  /** Sweeps in a row (five minutes apart) that had to move a stalled job: the stream is not carrying jobs. */
  stalledJobSweeps: 3,
  /** 80% of the rates at which SES puts an account under review (5% bounces, 0.1% complaints). */
  sesBounceRate: 0.04,
  sesComplaintRate: 0.0008,
} as const;

/** The metric the access-log filter writes for each 429 answer. */
export const TOO_MANY_REQUESTS_METRIC = 'Api429';

const FIVE_MINUTES = Duration.minutes(5);

export interface OperationsProps {
  httpApi: apigw.IHttpApi;
  /** Every function (the HTTP services and the two workers): throttles and the dashboard's log query. */
  functions: readonly lambda.IFunction[];
  /** The API's JSON access log: the source of the 429 count. */
  accessLogs: logs.ILogGroup;
  /** The stream workers' wiring: its alarms topic (all alarms go there), the workers' queues and alarms. */
  outbox: OutboxWorkerWiring;
  /** The `monthlyBudget` setting, in US dollars. */
  monthlyBudgetUsd: number;
}

/**
 * What an on-call person watches (docs/deploy.md, "When an alarm fires"): alarms on the API's
 * 5xx rate, p99 latency, Lambda throttles and 429s, stalled jobs, and SES reputation, beside
 * each stream worker's own two (dead letters, errors); a monthly cost budget; and one dashboard.
 * Every alarm and the budget notify the alarms topic, which mails `alarmEmail` when set.
 */
export class Operations extends Construct {
  readonly alarms: cloudwatch.Alarm[] = [];
  readonly dashboard: cloudwatch.Dashboard;
  readonly budget: CostBudget;
  private readonly topic: sns.ITopic;

  constructor(scope: Construct, id: string, props: OperationsProps) {
    super(scope, id);
    const { httpApi, outbox } = props;
    this.topic = outbox.alarms;
    const t = ALARM_THRESHOLDS;
    const sum = { period: FIVE_MINUTES, statistic: cloudwatch.Stats.SUM };

    const requests = httpApi.metricCount(sum);
    const serverErrors = httpApi.metricServerError(sum);
    const serverErrorRate = new cloudwatch.MathExpression({
      label: 'API 5xx (%)',
      expression: `IF(requests >= ${t.serverErrorMinRequests}, 100 * errors / requests, 0)`,
      usingMetrics: { requests, errors: serverErrors },
      period: FIVE_MINUTES,
    });
    this.alarm('ApiServerErrors', `More than ${t.serverErrorPercent}% of API responses were 5xx in five minutes`, serverErrorRate, t.serverErrorPercent, { strictlyAbove: true });

    const p99 = httpApi.metricLatency({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.p(99) });
    this.alarm('ApiLatencyP99', `The API's p99 latency was above ${t.p99LatencyMs} ms in two of three five-minute periods`, p99, t.p99LatencyMs, { strictlyAbove: true, periods: 3, datapoints: 2 });

    // Account-wide (no function dimension): one alarm metric for all 21 functions, within the 10 an alarm may combine.
    const throttles = lambda.Function.metricAllThrottles(sum);
    this.alarm('LambdaThrottles', 'Lambda refused invocations (throttles) in the last five minutes', throttles, t.throttles);

    const tooMany = new logs.MetricFilter(this, 'TooManyRequestsFilter', {
      logGroup: props.accessLogs,
      filterPattern: logs.FilterPattern.stringValue('$.status', '=', '429'),
      metricNamespace: METRICS_NAMESPACE,
      metricName: TOO_MANY_REQUESTS_METRIC,
      metricValue: '1',
    }).metric(sum);
    this.alarm('TooManyRequests', `The API answered 429 at least ${t.tooManyRequests} times in five minutes (per-caller limits or API Gateway throttling)`, tooMany, t.tooManyRequests);

    const stalledJobs = new cloudwatch.Metric({
      namespace: METRICS_NAMESPACE,
      metricName: STALLED_JOBS_METRIC,
      dimensionsMap: { service: JOB_WORKER_SERVICE },
      period: FIVE_MINUTES,
      statistic: cloudwatch.Stats.MAXIMUM,
    });
    this.alarm('StalledJobs', `${t.stalledJobSweeps} sweeps in a row had to move stalled jobs: job steps are not running from the table stream`, stalledJobs, 1, {
      periods: t.stalledJobSweeps,
      datapoints: t.stalledJobSweeps,
    });

    // SES publishes the account's reputation about hourly, as a fraction (0.05 = 5%).
    const reputation = (metricName: string) => new cloudwatch.Metric({ namespace: 'AWS/SES', metricName, period: Duration.hours(1), statistic: cloudwatch.Stats.MAXIMUM });
    const bounceRate = reputation('Reputation.BounceRate');
    const complaintRate = reputation('Reputation.ComplaintRate');
    this.alarm('SesBounceRate', `The SES bounce rate passed ${t.sesBounceRate * 100}% (SES reviews the account at 5%)`, bounceRate, t.sesBounceRate);
    this.alarm('SesComplaintRate', `The SES complaint rate passed ${t.sesComplaintRate * 100}% (SES reviews the account at 0.1%)`, complaintRate, t.sesComplaintRate);

    this.budget = new CostBudget(this, 'Cost', { monthlyUsd: props.monthlyBudgetUsd, topic: outbox.alarms });

    this.dashboard = operationsDashboard(this, 'Dashboard', {
      alarms: [...this.alarms, ...outbox.workerAlarms],
      requests,
      serverErrors,
      clientErrors: httpApi.metricClientError(sum),
      serverErrorRate,
      latency: { p50: httpApi.metricLatency({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.p(50) }), p99 },
      throttles,
      tooManyRequests: tooMany,
      stalledJobs,
      deadLetters: [outbox.deadLetters, outbox.jobDeadLetters].map((queue) => queue.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: cloudwatch.Stats.MAXIMUM })),
      sesRates: [bounceRate, complaintRate],
      logGroupNames: props.functions.flatMap((fn) => (fn instanceof lambda.Function ? [fn.logGroup.logGroupName] : [])),
    });
  }

  /** An alarm on `metric` at `threshold` (at or above, unless strictlyAbove) that notifies the alarms topic. */
  private alarm(id: string, description: string, metric: cloudwatch.IMetric, threshold: number, opts: { strictlyAbove?: boolean; periods?: number; datapoints?: number } = {}): void {
    const alarm = new cloudwatch.Alarm(this, id, {
      alarmName: `${Stack.of(this).stackName}-${id}`,
      alarmDescription: `${description} (docs/deploy.md, "When an alarm fires")`,
      metric,
      threshold,
      evaluationPeriods: opts.periods ?? 1,
      datapointsToAlarm: opts.datapoints ?? opts.periods ?? 1,
      comparisonOperator: opts.strictlyAbove ? cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD : cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      // No traffic, no sweep, no mail sent: nothing is wrong.
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new actions.SnsAction(this.topic));
    this.alarms.push(alarm);
  }
}

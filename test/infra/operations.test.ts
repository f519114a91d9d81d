import { Match, type Template } from 'aws-cdk-lib/assertions';
import { JOB_WORKER_SERVICE, STALLED_JOBS_METRIC } from '../../functions/events/sweep-metrics';
import { ALARM_THRESHOLDS, TOO_MANY_REQUESTS_METRIC } from '../../infra/constructs/operations';
import { DEFAULT_MONTHLY_BUDGET, readSettings } from '../../infra/settings';
import { CUSTOM_DOMAIN_SETTINGS, SYNTH_TIMEOUT, synthFormation } from './support/synth-formation';

let api: Template;
beforeAll(() => {
  api = synthFormation({ ...CUSTOM_DOMAIN_SETTINGS, ALARM_EMAIL: 'ops@example.org', MONTHLY_BUDGET: '120' }).templates.api;
}, SYNTH_TIMEOUT);

type Resource = { Properties: Record<string, any> };
const alarms = () => Object.values(api.findResources('AWS::CloudWatch::Alarm')) as Resource[];
const alarmsTopicId = () => {
  const topics = Object.keys(api.findResources('AWS::SNS::Topic'));
  expect(topics).toHaveLength(1);
  return topics[0];
};
/** The metrics an alarm watches: its own, or every metric of its math expression. */
function watched(alarm: Resource): Array<{ Namespace: string; MetricName: string; Dimensions?: any[] }> {
  const p = alarm.Properties;
  if (p.MetricName) return [{ Namespace: p.Namespace, MetricName: p.MetricName, Dimensions: p.Dimensions }];
  return (p.Metrics ?? []).filter((m: any) => m.MetricStat).map((m: any) => m.MetricStat.Metric);
}
const alarmOn = (namespace: string, metricName: string) => {
  const found = alarms().filter((a) => watched(a).some((m) => m.Namespace === namespace && m.MetricName === metricName));
  expect(found, `${namespace} ${metricName}`).toHaveLength(1);
  return found[0].Properties;
};

describe('alarms', () => {
  it('watch the API 5xx rate, p99 latency, throttles and 429s', () => {
    const rate = alarmOn('AWS/ApiGateway', '5xx');
    expect(rate.Metrics.find((m: any) => m.Expression).Expression).toBe(`IF(requests >= ${ALARM_THRESHOLDS.serverErrorMinRequests}, 100 * errors / requests, 0)`);
    expect(rate.Threshold).toBe(ALARM_THRESHOLDS.serverErrorPercent);

    const latency = alarmOn('AWS/ApiGateway', 'Latency');
    expect(latency).toMatchObject({ ExtendedStatistic: 'p99', Threshold: ALARM_THRESHOLDS.p99LatencyMs, EvaluationPeriods: 3, DatapointsToAlarm: 2 });

    expect(alarmOn('AWS/Lambda', 'Throttles')).toMatchObject({ Statistic: 'Sum', Threshold: ALARM_THRESHOLDS.throttles });
    expect(alarmOn('FormationTracks', TOO_MANY_REQUESTS_METRIC)).toMatchObject({ Statistic: 'Sum', Threshold: ALARM_THRESHOLDS.tooManyRequests });
    // The 429 count comes from the access log, so the stage's own throttling is counted too.
    api.hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: '{ $.status = "429" }',
      MetricTransformations: [Match.objectLike({ MetricNamespace: 'FormationTracks', MetricName: TOO_MANY_REQUESTS_METRIC, MetricValue: '1' })],
    });
  });

  it('watch stalled jobs (the job worker sweep\'s metric), both workers\' dead-letter queues and errors, and SES reputation', () => {
    const stalled = alarmOn('FormationTracks', STALLED_JOBS_METRIC);
    expect(stalled.Dimensions).toEqual([{ Name: 'service', Value: JOB_WORKER_SERVICE }]);
    expect(stalled).toMatchObject({ EvaluationPeriods: ALARM_THRESHOLDS.stalledJobSweeps, DatapointsToAlarm: ALARM_THRESHOLDS.stalledJobSweeps, Threshold: 1 });
    const on = (namespace: string, metricName: string) => alarms().filter((a) => watched(a).some((m) => m.Namespace === namespace && m.MetricName === metricName));
    // One per queue: the outbox worker's and the job worker's.
    const queues = Object.keys(api.findResources('AWS::SQS::Queue'));
    expect(queues).toHaveLength(2);
    const deadLetters = on('AWS/SQS', 'ApproximateNumberOfMessagesVisible').map((a) => a.Properties.Dimensions[0].Value['Fn::GetAtt'][0]);
    expect(deadLetters.sort()).toEqual(queues.sort());
    // One per worker function.
    expect(on('AWS/Lambda', 'Errors')).toHaveLength(2);
    expect(alarmOn('AWS/SES', 'Reputation.BounceRate').Threshold).toBe(ALARM_THRESHOLDS.sesBounceRate);
    expect(alarmOn('AWS/SES', 'Reputation.ComplaintRate').Threshold).toBe(ALARM_THRESHOLDS.sesComplaintRate);
  });

  it('all notify the one alarms topic, which mails alarmEmail', () => {
    const topic = alarmsTopicId();
    expect(alarms().length).toBeGreaterThanOrEqual(11);
    for (const alarm of alarms()) expect(alarm.Properties.AlarmActions, alarm.Properties.AlarmDescription).toEqual([{ Ref: topic }]);
    api.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.org', TopicArn: { Ref: topic } });
  });
});

describe('the cost budget', () => {
  it('is monthly, of the amount set, and notifies the alarms topic at 80% spent and 100% forecast', () => {
    const topic = alarmsTopicId();
    api.hasResourceProperties('AWS::Budgets::Budget', {
      Budget: Match.objectLike({ BudgetType: 'COST', TimeUnit: 'MONTHLY', BudgetLimit: { Amount: 120, Unit: 'USD' } }),
      NotificationsWithSubscribers: [
        { Notification: { NotificationType: 'ACTUAL', ComparisonOperator: 'GREATER_THAN', Threshold: 80, ThresholdType: 'PERCENTAGE' }, Subscribers: [{ SubscriptionType: 'SNS', Address: { Ref: topic } }] },
        { Notification: { NotificationType: 'FORECASTED', ComparisonOperator: 'GREATER_THAN', Threshold: 100, ThresholdType: 'PERCENTAGE' }, Subscribers: [{ SubscriptionType: 'SNS', Address: { Ref: topic } }] },
      ],
    });
    // AWS Budgets may publish to the topic, for this account's budgets only.
    api.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Allow', Principal: { Service: 'budgets.amazonaws.com' }, Action: 'sns:Publish', Condition: Match.objectLike({ StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } } }) }),
        ]),
      },
    });
  });

  it('defaults to a whole number of dollars, and refuses anything else', () => {
    expect(readSettings(() => undefined, {}).monthlyBudget).toBe(DEFAULT_MONTHLY_BUDGET);
    expect(() => readSettings(() => undefined, { MONTHLY_BUDGET: '0' })).toThrow(/monthlyBudget/);
    expect(() => readSettings(() => undefined, { MONTHLY_BUDGET: 'lots' })).toThrow(/monthlyBudget/);
  });
});

describe('the dashboard', () => {
  it('is one dashboard with the alarms, the API, the services, background work, mail and the slowest routes', () => {
    const dashboards = Object.values(api.findResources('AWS::CloudWatch::Dashboard')) as Resource[];
    expect(dashboards).toHaveLength(1);
    // The body is a Fn::Join of JSON text around references: put placeholders in for the references and read it.
    const parts: unknown[] = dashboards[0].Properties.DashboardBody['Fn::Join'][1];
    const { widgets } = JSON.parse(parts.map((part) => (typeof part === 'string' ? part : 'REF')).join(''));
    expect(widgets[0]).toMatchObject({ type: 'alarm', width: 24 });
    expect(widgets[0].properties.alarms).toHaveLength(alarms().length);
    expect(widgets.find((w: any) => w.type === 'log').properties.query).toMatch(/SOURCE 'REF'[\s\S]*pct\(Latency, 99\) as p99Ms by service, route/);
    const body = JSON.stringify(widgets);
    for (const part of ['AWS/ApiGateway', '"5xx"', '"Latency"', 'MetricName=\\"Requests\\"', 'MetricName=\\"Status5xx\\"', 'Throttles', TOO_MANY_REQUESTS_METRIC, STALLED_JOBS_METRIC, 'ApproximateNumberOfMessagesVisible', 'Reputation.BounceRate', 'Reputation.ComplaintRate']) {
      expect(body, part).toContain(part);
    }
  });
});

import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { SWEEP_EVENT, SWEEP_EVERY_MINUTES } from '../../functions/events/sweepers';
import { STREAM_FILTER_PATTERNS } from '../../functions/events/stream-routing';
import { acknowledge } from './acknowledge';

export const SWEEP_EVERY = Duration.minutes(SWEEP_EVERY_MINUTES);

export interface OutboxWorkerWiringProps {
  worker: lambda.Function;
  /** Where records the worker gave up on go (created by the caller, so its logical id stays put). */
  deadLetters: sqs.Queue;
  table: dynamodb.ITable;
  alarmEmail?: string;
}

/** A queue for records the worker gave up on: kept two weeks, HTTPS only, encrypted. */
export function deadLetterQueue(scope: Construct, id: string): sqs.Queue {
  return new sqs.Queue(scope, id, { retentionPeriod: Duration.days(14), enforceSSL: true, encryption: sqs.QueueEncryption.SQS_MANAGED });
}

/**
 * Everything around the outbox worker (ARCHITECTURE.md section 5): the stream that wakes it,
 * the dead-letter queue for records it could not handle, the five-minute sweep that catches
 * whatever the stream missed, and the alarms that tell an operator (docs/deploy.md).
 */
export class OutboxWorkerWiring extends Construct {
  readonly deadLetters: sqs.Queue;
  readonly alarms: sns.Topic;
  readonly deadLetterAlarm: cloudwatch.Alarm;
  readonly errorAlarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: OutboxWorkerWiringProps) {
    super(scope, id);
    const { worker } = props;

    this.deadLetters = props.deadLetters;
    acknowledge(this.deadLetters, {
      SQS3: 'This queue is the dead-letter destination itself; what lands here is read by an operator (the alarm below), not retried by a consumer.',
    });
    worker.addEventSource(outboxStream(props.table, this.deadLetters));
    acknowledge(worker.role!, {
      'IAM5[Resource::*]': 'dynamodb:ListStreams (granted by the stream event source) has no resource-level permission; reading records is limited to this table\'s stream.',
    });

    // The worker reads SWEEP_EVENT as "sweep pending outbox items, stuck work, late steps, reminders and the daily retention purge" (functions/events/sweepers.ts).
    new events.Rule(this, 'Sweep', {
      description: 'Every five minutes: the outbox worker sends pending outbox items, resumes stuck jobs, marks late steps Overdue and sends reminders (hourly), escalation digests (daily) and starts the daily retention purge',
      schedule: events.Schedule.rate(SWEEP_EVERY),
      targets: [new targets.LambdaFunction(worker, { event: events.RuleTargetInput.fromObject(SWEEP_EVENT) })],
    });

    this.alarms = new sns.Topic(this, 'Alarms', { displayName: 'Formation Tracks alarms', enforceSSL: true });
    acknowledge(this.alarms, {
      SNS2: 'CloudWatch alarms cannot publish to a topic encrypted with the AWS managed SNS key, and a customer key costs a fixed monthly fee; the messages carry only the alarm name and state, no personal data.',
    });
    if (props.alarmEmail) this.alarms.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));

    const fiveMinutes = { period: SWEEP_EVERY, statistic: cloudwatch.Stats.MAXIMUM };
    this.deadLetterAlarm = new cloudwatch.Alarm(this, 'FailuresWaiting', {
      alarmDescription: 'Outbox records the worker gave up on are waiting in the dead-letter queue (docs/deploy.md, "When an alarm fires")',
      metric: this.deadLetters.metricApproximateNumberOfMessagesVisible(fiveMinutes),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    this.errorAlarm = new cloudwatch.Alarm(this, 'WorkerErrors', {
      alarmDescription: 'The outbox worker failed (threw or timed out) in the last five minutes (docs/deploy.md, "When an alarm fires")',
      metric: worker.metricErrors({ period: SWEEP_EVERY, statistic: cloudwatch.Stats.SUM }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    for (const alarm of [this.deadLetterAlarm, this.errorAlarm]) alarm.addAlarmAction(new actions.SnsAction(this.alarms));
  }
}

/**
 * Only the records the worker acts on wake it: outbox inserts, runnable jobs, projections'
 * sources (functions/events/stream-routing.ts, the same patterns the local poller applies).
 * It reports partial batch failures; a failing batch is halved until the bad record is alone;
 * after the retries the record's coordinates go to the dead-letter queue, so nothing is lost silently.
 */
function outboxStream(table: dynamodb.ITable, deadLetters: sqs.IQueue): DynamoEventSource {
  return new DynamoEventSource(table, {
    startingPosition: lambda.StartingPosition.TRIM_HORIZON,
    batchSize: 10,
    maxBatchingWindow: Duration.seconds(1),
    retryAttempts: 5,
    bisectBatchOnError: true,
    reportBatchItemFailures: true,
    maxRecordAge: Duration.hours(6),
    onFailure: new SqsDlq(deadLetters),
    filters: STREAM_FILTER_PATTERNS.map((pattern) => lambda.FilterCriteria.filter(pattern)),
  });
}

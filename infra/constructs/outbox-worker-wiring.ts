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
import { SWEEP_EVENT, SWEEP_EVERY_MINUTES } from '../../functions/events/sweep-run';
import { STREAM_FILTERS, type StreamWorker } from '../../functions/events/stream-routing';
import { JOB_WORKER, OUTBOX_WORKER } from '../bundling/function-bundles';
import { acknowledge } from './acknowledge';

export const SWEEP_EVERY = Duration.minutes(SWEEP_EVERY_MINUTES);

export interface OutboxWorkerWiringProps {
  worker: lambda.Function;
  /** Where records the worker gave up on go (created by the caller, so its logical id stays put). */
  deadLetters: sqs.Queue;
  /** The job worker (functions/events/job-worker.ts): every background job's steps. */
  jobWorker: lambda.Function;
  /** Where job records the job worker gave up on go. */
  jobDeadLetters: sqs.Queue;
  table: dynamodb.ITable;
  alarmEmail?: string;
}

/** A queue for records the worker gave up on: kept two weeks, HTTPS only, encrypted. */
export function deadLetterQueue(scope: Construct, id: string): sqs.Queue {
  return new sqs.Queue(scope, id, { retentionPeriod: Duration.days(14), enforceSSL: true, encryption: sqs.QueueEncryption.SQS_MANAGED });
}

/**
 * Everything around the two stream workers (ARCHITECTURE.md section 5), the outbox worker and
 * the job worker: each one's event source mapping on the table's stream with its own filter, the
 * dead-letter queue for records it could not handle, the five-minute sweep that invokes both and
 * catches whatever the stream missed, and the alarms that tell an operator (docs/deploy.md).
 */
export class OutboxWorkerWiring extends Construct {
  readonly deadLetters: sqs.Queue;
  readonly jobDeadLetters: sqs.Queue;
  readonly alarms: sns.Topic;
  readonly deadLetterAlarm: cloudwatch.Alarm;
  readonly errorAlarm: cloudwatch.Alarm;
  readonly jobDeadLetterAlarm: cloudwatch.Alarm;
  readonly jobErrorAlarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: OutboxWorkerWiringProps) {
    super(scope, id);
    const { worker, jobWorker } = props;

    this.deadLetters = props.deadLetters;
    this.jobDeadLetters = props.jobDeadLetters;
    for (const [fn, name, deadLetters] of [[worker, OUTBOX_WORKER, this.deadLetters], [jobWorker, JOB_WORKER, this.jobDeadLetters]] as const) {
      acknowledge(deadLetters, {
        SQS3: 'This queue is the dead-letter destination itself; what lands here is read by an operator (the alarm below), not retried by a consumer.',
      });
      fn.addEventSource(workerStream(props.table, name, deadLetters));
      acknowledge(fn.role!, {
        'IAM5[Resource::*]': 'dynamodb:ListStreams (granted by the stream event source) has no resource-level permission; reading records is limited to this table\'s stream.',
      });
    }

    // Each worker reads SWEEP_EVENT as its own sweepers: the outbox worker's (functions/events/sweepers.ts), the job worker's (functions/events/job-sweepers.ts).
    new events.Rule(this, 'Sweep', {
      description:
        'Every five minutes: the outbox worker sends pending outbox items, marks late steps Overdue and sends reminders (hourly), escalation digests (daily) and starts the daily retention purge; the job worker resumes stuck jobs',
      schedule: events.Schedule.rate(SWEEP_EVERY),
      targets: [worker, jobWorker].map((fn) => new targets.LambdaFunction(fn, { event: events.RuleTargetInput.fromObject(SWEEP_EVENT) })),
    });

    this.alarms = new sns.Topic(this, 'Alarms', { displayName: 'Formation Tracks alarms', enforceSSL: true });
    acknowledge(this.alarms, {
      SNS2: 'CloudWatch alarms cannot publish to a topic encrypted with the AWS managed SNS key, and a customer key costs a fixed monthly fee; the messages carry only the alarm name and state, no personal data.',
    });
    if (props.alarmEmail) this.alarms.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail));

    const fiveMinutes = { period: SWEEP_EVERY, statistic: cloudwatch.Stats.MAXIMUM };
    const atLeastOnce = (alarmId: string, description: string, metric: cloudwatch.IMetric) => {
      const alarm = new cloudwatch.Alarm(this, alarmId, {
        alarmDescription: `${description} (docs/deploy.md, "When an alarm fires")`,
        metric,
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      alarm.addAlarmAction(new actions.SnsAction(this.alarms));
      return alarm;
    };
    const errors = (fn: lambda.Function) => fn.metricErrors({ period: SWEEP_EVERY, statistic: cloudwatch.Stats.SUM });
    this.deadLetterAlarm = atLeastOnce('FailuresWaiting', 'Outbox records the worker gave up on are waiting in the dead-letter queue', this.deadLetters.metricApproximateNumberOfMessagesVisible(fiveMinutes));
    this.errorAlarm = atLeastOnce('WorkerErrors', 'The outbox worker failed (threw or timed out) in the last five minutes', errors(worker));
    this.jobDeadLetterAlarm = atLeastOnce('JobFailuresWaiting', 'Job records the job worker gave up on are waiting in its dead-letter queue', this.jobDeadLetters.metricApproximateNumberOfMessagesVisible(fiveMinutes));
    this.jobErrorAlarm = atLeastOnce('JobWorkerErrors', 'The job worker failed (threw or timed out) in the last five minutes', errors(jobWorker));
  }

  /** Every alarm of the two workers (the dashboard's alarm states). */
  get workerAlarms(): cloudwatch.Alarm[] {
    return [this.deadLetterAlarm, this.errorAlarm, this.jobDeadLetterAlarm, this.jobErrorAlarm];
  }
}

/**
 * Each worker's own event source mapping: only the records it acts on wake it, the outbox worker
 * outbox and audit entry inserts and projections' sources, the job worker runnable jobs
 * (functions/events/stream-routing.ts STREAM_FILTERS, the same patterns the local poller applies).
 * Each mapping reads the stream on its own, so a record both need reaches both.
 * It reports partial batch failures; a failing batch is halved until the bad record is alone;
 * after the retries the record's coordinates go to the dead-letter queue, so nothing is lost silently.
 */
function workerStream(table: dynamodb.ITable, worker: StreamWorker, deadLetters: sqs.IQueue): DynamoEventSource {
  return new DynamoEventSource(table, {
    startingPosition: lambda.StartingPosition.TRIM_HORIZON,
    batchSize: 10,
    maxBatchingWindow: Duration.seconds(1),
    retryAttempts: 5,
    bisectBatchOnError: true,
    reportBatchItemFailures: true,
    maxRecordAge: Duration.hours(6),
    onFailure: new SqsDlq(deadLetters),
    filters: STREAM_FILTERS[worker].map((pattern) => lambda.FilterCriteria.filter(pattern)),
  });
}

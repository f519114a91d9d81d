import { Stack } from 'aws-cdk-lib';
import * as budgets from 'aws-cdk-lib/aws-budgets';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';

export interface CostBudgetProps {
  /** US dollars a month (the `monthlyBudget` setting). */
  monthlyUsd: number;
  /** Where the notifications go: the alarms topic, so they reach `alarmEmail` like every alarm. */
  topic: sns.ITopic;
}

/** Percent of the amount at which AWS Budgets notifies: spent so far, and forecast for the month. */
export const BUDGET_NOTIFY_AT = { actualPercent: 80, forecastPercent: 100 };

/**
 * A monthly cost budget of the whole account (AWS Budgets sees costs per account; a tag filter
 * would need cost allocation tags activated by hand first). Notifies the alarms topic when the
 * month's actual cost passes 80% of the amount and when the forecast passes 100%.
 */
export class CostBudget extends Construct {
  readonly budget: budgets.CfnBudget;

  constructor(scope: Construct, id: string, props: CostBudgetProps) {
    super(scope, id);
    const stack = Stack.of(this);
    // AWS Budgets publishes as a service: the topic admits it for budgets of this account only.
    props.topic.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'AwsBudgetsPublish',
        principals: [new iam.ServicePrincipal('budgets.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [props.topic.topicArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': stack.account },
          ArnLike: { 'aws:SourceArn': `arn:${stack.partition}:budgets::${stack.account}:*` },
        },
      }),
    );
    const subscribers = [{ subscriptionType: 'SNS', address: props.topic.topicArn }];
    const notify = (notificationType: 'ACTUAL' | 'FORECASTED', threshold: number) => ({
      notification: { notificationType, comparisonOperator: 'GREATER_THAN', threshold, thresholdType: 'PERCENTAGE' },
      subscribers,
    });
    this.budget = new budgets.CfnBudget(this, 'Budget', {
      budget: {
        budgetName: `${stack.stackName}-monthly-cost`,
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount: props.monthlyUsd, unit: 'USD' },
      },
      notificationsWithSubscribers: [notify('ACTUAL', BUDGET_NOTIFY_AT.actualPercent), notify('FORECASTED', BUDGET_NOTIFY_AT.forecastPercent)],
    });
  }
}

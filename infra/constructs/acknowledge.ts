import { type Stack, Token, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * Records why a cdk-nag AwsSolutions finding does not apply to this construct (and what it holds).
 * test/infra/nag.test.ts runs the pack and fails on any finding without such a reason.
 * Keys are rule ids without the pack prefix: `APIG4`, or one finding: `IAM5[Resource::*]`.
 */
export function acknowledge(scope: IConstruct, reasons: Record<string, string>): void {
  for (const [rule, reason] of Object.entries(reasons)) {
    Validations.of(scope).acknowledge({ id: `AwsSolutions-${rule}`, reason });
  }
}

/** Account and region as cdk-nag prints them in a finding: the value when the stack knows it, else the pseudo parameter. */
export function nagEnvironment(stack: Stack): { account: string; region: string } {
  return {
    account: Token.isUnresolved(stack.account) ? '<AWS::AccountId>' : stack.account,
    region: Token.isUnresolved(stack.region) ? '<AWS::Region>' : stack.region,
  };
}

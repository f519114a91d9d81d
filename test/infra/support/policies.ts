import type { CfnElement } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import type { ApiStack } from '../../../infra/stacks/api-stack';

interface Statement {
  Effect: 'Allow' | 'Deny';
  Action: string | string[];
  Resource?: unknown;
  Condition?: Record<string, unknown>;
}

/** Every IAM statement attached to the role of one of the API stack's functions. */
export function statementsOf(api: ApiStack, template: Template, name: string): Statement[] {
  const fn = api.functions.get(name);
  if (!fn?.role) throw new Error(`No function ${name}`);
  const roleId = api.getLogicalId(fn.role.node.defaultChild as CfnElement);
  const policies = Object.values(template.findResources('AWS::IAM::Policy')) as Array<{ Properties: { Roles: unknown[]; PolicyDocument: { Statement: Statement[] } } }>;
  return policies
    .filter((p) => p.Properties.Roles.some((r) => JSON.stringify(r) === JSON.stringify({ Ref: roleId })))
    .flatMap((p) => p.Properties.PolicyDocument.Statement);
}

export function allowedActions(statements: Statement[]): string[] {
  return statements.filter((s) => s.Effect === 'Allow').flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));
}

/** The ManagedPolicyArns of one of the API stack's function roles, as JSON strings (imports show the exporting resource). */
export function managedPoliciesOf(api: ApiStack, template: Template, name: string): string[] {
  const fn = api.functions.get(name);
  if (!fn?.role) throw new Error(`No function ${name}`);
  const roleId = api.getLogicalId(fn.role.node.defaultChild as CfnElement);
  const role = template.toJSON().Resources[roleId] as { Properties: { ManagedPolicyArns?: unknown[] } };
  return (role.Properties.ManagedPolicyArns ?? []).map((arn) => JSON.stringify(arn));
}

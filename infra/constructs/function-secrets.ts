import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { secretArnSetting, type SecretName } from '../../functions/lib/secrets';

/** The secrets a function reads at run time, by the name functions/lib/secrets.ts knows them. */
export type FunctionSecrets = Partial<Record<SecretName, secretsmanager.ISecret>>;

const entries = (secrets: FunctionSecrets) => Object.entries(secrets) as Array<[SecretName, secretsmanager.ISecret]>;

/**
 * The AWS Parameters and Secrets extension, the functions' way to Secrets Manager (no SDK client in
 * the bundles). Its own cache is off: functions/lib/secrets.ts keeps each value five minutes, so one
 * rule says when a rotated value arrives.
 */
export function secretsExtension(): lambda.ParamsAndSecretsLayerVersion {
  return lambda.ParamsAndSecretsLayerVersion.fromVersion(lambda.ParamsAndSecretsVersions.V1_0_103, {
    cacheEnabled: false,
    logLevel: lambda.ParamsAndSecretsLogLevel.WARN,
  });
}

/** `COOKIE_SECRET_ARN` ...: where each value is read; never the value itself. */
export function secretEnvironment(secrets: FunctionSecrets): Record<string, string> {
  return Object.fromEntries(entries(secrets).map(([name, secret]) => [secretArnSetting(name), secret.secretArn]));
}

/** GetSecretValue on exactly these secrets (their current and previous versions), nothing else of Secrets Manager. */
export function grantSecretReads(role: iam.IRole, secrets: FunctionSecrets): void {
  const arns = entries(secrets).map(([, secret]) => secret.secretArn);
  if (arns.length) role.addToPrincipalPolicy(new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: arns }));
}

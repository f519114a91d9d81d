import { RemovalPolicy, SecretValue, Stack } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { acknowledge } from './acknowledge';

export interface DeploySecretProps {
  /** Appended to the stack name: `<stack>/<name>`. */
  name: string;
  description: string;
  /** Why it does not rotate automatically (recorded for cdk-nag SMG4). */
  noRotationBecause: string;
}

/**
 * A random value Secrets Manager generates at the first deploy and keeps across deploys: no
 * template and no source file holds it. Functions read it at run time by ARN (`secret`;
 * ./function-secrets.ts); CloudFront, which cannot, gets `value`, a deploy-time reference by
 * name (so another stack can use it without an export) that CloudFormation resolves.
 */
export class DeploySecret extends Construct {
  readonly secret: secretsmanager.Secret;
  readonly value: string;
  private readonly secretName: string;

  constructor(scope: Construct, id: string, props: DeploySecretProps) {
    super(scope, id);
    const secretName = `${Stack.of(this).stackName}/${props.name}`;
    this.secretName = secretName;
    this.secret = new secretsmanager.Secret(this, 'Secret', {
      secretName,
      description: props.description,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    acknowledge(this.secret, { SMG4: props.noRotationBecause });
    this.value = this.reference();
  }

  /**
   * A deploy-time reference to the value: the current one, or the version `versionId` names. Pinning
   * a version changes the template, so CloudFormation updates what uses it (docs/deploy.md, "Secrets").
   */
  reference(versionId?: string): string {
    return SecretValue.secretsManager(this.secretName, versionId ? { versionId } : {}).unsafeUnwrap();
  }
}

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
 * A random value Secrets Manager generates at the first deploy and keeps across deploys,
 * resolved by CloudFormation into the resources that use it: no template and no source file
 * holds it. `value` is that deploy-time reference, by name so another stack can use it too
 * without an export; a resource using it in this stack must depend on `secret`.
 */
export class DeploySecret extends Construct {
  readonly secret: secretsmanager.Secret;
  readonly value: string;

  constructor(scope: Construct, id: string, props: DeploySecretProps) {
    super(scope, id);
    const secretName = `${Stack.of(this).stackName}/${props.name}`;
    this.secret = new secretsmanager.Secret(this, 'Secret', {
      secretName,
      description: props.description,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    acknowledge(this.secret, { SMG4: props.noRotationBecause });
    this.value = SecretValue.secretsManager(secretName).unsafeUnwrap();
  }
}

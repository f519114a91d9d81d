import { Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { cloudFrontWebAcl, type RateLimits } from '../constructs/web-acl';

export interface EdgeStackProps extends StackProps {
  rateLimits: RateLimits;
}

/** What CloudFront needs from us-east-1 whatever the app's region: the web ACL. */
export class EdgeStack extends Stack {
  readonly webAclArn: string;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    this.webAclArn = cloudFrontWebAcl(this, 'WebAcl', props.rateLimits).attrArn;
  }
}

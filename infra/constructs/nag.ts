/**
 * cdk-nag acknowledgements whose finding id embeds a resolved ARN. cdk-nag 3 matches finding ids
 * exactly, so the id is flattened with cdk-nag's own helper instead of being copied from a report.
 * Only for ARNs built from tokens of the acknowledging construct's own stack: a cross-stack
 * reference resolves differently at synthesis.
 */
import { Stack, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
// Not re-exported by the package index; it is the function cdk-nag formats finding ids with.
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference.js';

function findingId(scope: IConstruct, arn: string): string {
  return flattenCfnReference(Stack.of(scope).resolve(arn));
}

/** Acknowledges AwsSolutions-IAM5 for one wildcard resource of the policies under `scope`. */
export function acknowledgeWildcardResource(scope: IConstruct, resourceArn: string, reason: string): void {
  Validations.of(scope).acknowledge({ id: `AwsSolutions-IAM5[Resource::${findingId(scope, resourceArn)}]`, reason });
}

/** Acknowledges AwsSolutions-IAM5 for one wildcard action (a literal, so no resolution needed). */
export function acknowledgeWildcardAction(scope: IConstruct, action: string, reason: string): void {
  Validations.of(scope).acknowledge({ id: `AwsSolutions-IAM5[Action::${action}]`, reason });
}

/** Acknowledges AwsSolutions-IAM4 for one AWS managed policy attached under `scope`. */
export function acknowledgeManagedPolicy(scope: IConstruct, managedPolicyArn: string, reason: string): void {
  Validations.of(scope).acknowledge({ id: `AwsSolutions-IAM4[Policy::${findingId(scope, managedPolicyArn)}]`, reason });
}

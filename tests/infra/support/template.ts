/** Queries over synthesized templates that several infra tests share. */
import type { Template } from 'aws-cdk-lib/assertions';

export type CfnResource = { Type: string; Properties?: Record<string, unknown> };
export type PolicyStatementJson = { Effect: string; Action: string | string[]; Resource: unknown };

/** Resources of one type, by logical id. */
export function resourcesOfType(template: Template, type: string): Record<string, CfnResource> {
  return template.findResources(type) as Record<string, CfnResource>;
}

/** The platform's Lambda functions of a template (CDK's own custom-resource handlers excluded). */
export function platformFunctions(template: Template): Record<string, CfnResource> {
  return Object.fromEntries(
    Object.entries(resourcesOfType(template, 'AWS::Lambda::Function')).filter(([, resource]) => {
      const environment = resource.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined;
      return environment?.Variables?.TABLE_NAME !== undefined;
    }),
  );
}

/** The one function whose Description starts with `prefix`; its logical id and properties. */
export function functionByDescription(template: Template, prefix: string): [string, Record<string, unknown>] {
  const matches = Object.entries(resourcesOfType(template, 'AWS::Lambda::Function')).filter(([, resource]) =>
    String(resource.Properties?.Description ?? '').startsWith(prefix),
  );
  if (matches.length !== 1) throw new Error(`Expected one function described "${prefix}…", found ${matches.length}`);
  const [logicalId, resource] = matches[0];
  return [logicalId, resource.Properties ?? {}];
}

/** Logical id of the role a function runs as. */
export function roleOf(functionProperties: Record<string, unknown>): string {
  const role = functionProperties.Role as { 'Fn::GetAtt': [string, string] };
  return role['Fn::GetAtt'][0];
}

/** Every inline-policy statement attached to a role of the template. */
export function statementsOfRole(template: Template, roleLogicalId: string): PolicyStatementJson[] {
  return Object.values(resourcesOfType(template, 'AWS::IAM::Policy'))
    .filter((policy) => JSON.stringify(policy.Properties?.Roles ?? []).includes(`"${roleLogicalId}"`))
    .flatMap((policy) => (policy.Properties?.PolicyDocument as { Statement: PolicyStatementJson[] }).Statement);
}

/** All allowed actions of a set of statements. */
export function actionsOf(statements: readonly PolicyStatementJson[]): string[] {
  return statements.flatMap((statement) => (Array.isArray(statement.Action) ? statement.Action : [statement.Action]));
}

/** The managed policies a role attaches, as serialized JSON (tokens included). */
export function managedPoliciesOf(template: Template, roleLogicalId: string): string[] {
  const role = resourcesOfType(template, 'AWS::IAM::Role')[roleLogicalId];
  const arns = (role?.Properties?.ManagedPolicyArns as unknown[] | undefined) ?? [];
  return arns.map((arn) => JSON.stringify(arn));
}

/**
 * The account-wide role API Gateway writes WebSocket and REST logs with (HTTP APIs need none).
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import { CfnAccount } from 'aws-cdk-lib/aws-apigateway';
import { ManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { acknowledgeManagedPolicy } from './nag.js';

/**
 * The role is kept on stack deletion: the account setting outlives this app, and other APIs of the
 * account may log through it.
 */
export class ApiGatewayLoggingRole extends Construct {
  constructor(scope: Construct, id: string) {
    super(scope, id);
    const pushToLogs = ManagedPolicy.fromAwsManagedPolicyName('service-role/AmazonAPIGatewayPushToCloudWatchLogs');
    const role = new Role(this, 'Role', { assumedBy: new ServicePrincipal('apigateway.amazonaws.com'), managedPolicies: [pushToLogs] });
    role.applyRemovalPolicy(RemovalPolicy.RETAIN);
    acknowledgeManagedPolicy(
      role,
      pushToLogs.managedPolicyArn,
      'The AWS-maintained policy API Gateway documents for its account logging role; it only writes CloudWatch Logs.',
    );
    new CfnAccount(this, 'Account', { cloudWatchRoleArn: role.roleArn });
  }
}

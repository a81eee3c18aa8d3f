import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_GROUPS, QUEUES, SCHEDULES } from '../../functions/routes.js';
import { FUNCTION_ACCESS, jobAccess, type Capability } from '../../infra/constructs/function-config.js';
import { createTestApp, createTestPlatform, SYNTH_TIMEOUT_MS } from './support/platform.js';
import {
  actionsOf,
  functionByDescription,
  managedPoliciesOf,
  platformFunctions,
  resourcesOfType,
  roleOf,
  statementsOfRole,
  type PolicyStatementJson,
} from './support/template.js';

type FunctionUnderTest = { name: string; template: Template; description: string; capabilities: readonly Capability[] };

const TABLE_WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

let functions: FunctionUnderTest[];
let templates: Template[];
let publisherProbe: Template;

beforeAll(() => {
  const app = createTestApp();
  const platform = createTestPlatform(app);
  // A probe role shows what the capability grants, apart from any function's other permissions.
  const probe = new Stack(app, 'PublisherProbe');
  platform.config.grant(new Role(probe, 'Publisher', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') }), ['publishToSockets']);
  publisherProbe = Template.fromStack(probe);
  const api = Template.fromStack(platform.api);
  const realtime = Template.fromStack(platform.realtime);
  const workers = Template.fromStack(platform.workers);
  templates = [api, realtime, workers];
  functions = [
    ...API_GROUPS.map((group) => ({ name: `api:${group}`, template: api, description: `API group ${group} `, capabilities: FUNCTION_ACCESS.api[group] })),
    { name: 'websocket', template: realtime, description: 'WebSocket ', capabilities: FUNCTION_ACCESS.websocket },
    ...QUEUES.map((queue) => ({
      name: `worker:${queue.name}`,
      template: workers,
      description: `Worker of the ${queue.name} queue`,
      capabilities: FUNCTION_ACCESS.workers[queue.name],
    })),
    ...SCHEDULES.map((schedule) => ({
      name: `job:${schedule.job}`,
      template: workers,
      description: `Scheduled job ${schedule.job}`,
      capabilities: jobAccess(schedule.job),
    })),
  ];
}, SYNTH_TIMEOUT_MS);

/** The role's statements and attached managed policies of one function. */
function permissionsOf(fn: FunctionUnderTest): { statements: PolicyStatementJson[]; actions: string[]; managedPolicies: string[] } {
  const roleId = roleOf(functionByDescription(fn.template, fn.description)[1]);
  const statements = statementsOfRole(fn.template, roleId);
  return { statements, actions: actionsOf(statements), managedPolicies: managedPoliciesOf(fn.template, roleId) };
}

/** What the synthesized policies allow, in the vocabulary of FUNCTION_ACCESS. */
function observedCapabilities(fn: FunctionUnderTest): Capability[] {
  const { actions, managedPolicies, statements } = permissionsOf(fn);
  // Which queue a SendMessage grant names: the queues' logical ids carry their pascal-cased names.
  const sendsTo = (queue: string) =>
    statements.some((statement) => [statement.Action].flat().includes('sqs:SendMessage') && JSON.stringify(statement.Resource).includes(queue));
  const observed: Capability[] = [];
  if (actions.includes('dynamodb:PutItem')) observed.push('readWriteTable');
  else if (actions.includes('dynamodb:Query')) observed.push('readTable');
  if (actions.includes('dynamodb:Scan')) observed.push('scanTable');
  // Which secret a read names: their logical ids carry their names.
  const readsSecret = (secret: string) =>
    statements.some((statement) => [statement.Action].flat().includes('secretsmanager:GetSecretValue') && JSON.stringify(statement.Resource).includes(secret));
  if (readsSecret('JwtSecret')) observed.push('readJwtSecret');
  if (readsSecret('StripeSecretKey') && readsSecret('StripeWebhookSecret')) observed.push('useStripe');
  if (sendsTo('OutboundMail')) observed.push('enqueueMail');
  if (sendsTo('ContactImport')) observed.push('enqueueImports');
  if (sendsTo('ExportQueue')) observed.push('enqueueExports');
  if (sendsTo('CampaignPlan') && sendsTo('CampaignDelivery')) observed.push('enqueueCampaignWork');
  if (sendsTo('DeliveryEvents')) observed.push('enqueueDeliveryEvents');
  if (sendsTo('WebhookDeliveries')) observed.push('enqueueWebhookDeliveries');
  // Campaign mail is the raw-capable grant over the account's identities; transactional mail SendEmail from MAIL_FROM only.
  if (actions.includes('ses:SendRawEmail')) observed.push('sendCampaignMail');
  else if (actions.includes('ses:SendEmail')) observed.push('sendMail');
  // Campaign SMS: the send actions, and reading hosted files the service fetches MMS media from as the sender.
  if (actions.includes('ses:CreateEmailIdentity')) observed.push('manageSenderDomains');
  if (actions.includes('sms-voice:SendTextMessage') && managedPolicies.some((policy) => policy.includes('MmsMediaReadPolicy'))) observed.push('sendCampaignSms');
  if (managedPolicies.some((policy) => policy.includes('PublishToSocketsPolicy'))) observed.push('publishToSockets');
  if (managedPolicies.some((policy) => policy.includes('ReadImportFilesPolicy'))) observed.push('readImportFiles');
  if (managedPolicies.some((policy) => policy.includes('UploadImportFilesPolicy'))) observed.push('presignImportUploads');
  if (managedPolicies.some((policy) => policy.includes('WriteImportReportsPolicy'))) observed.push('writeImportReports');
  if (managedPolicies.some((policy) => policy.includes('ReadExportFilesPolicy'))) observed.push('presignExportDownloads');
  if (managedPolicies.some((policy) => policy.includes('WriteExportFilesPolicy'))) observed.push('writeExportFiles');
  if (managedPolicies.some((policy) => policy.includes('TemplateContentPolicy'))) observed.push('readWriteTemplateContent');
  if (managedPolicies.some((policy) => policy.includes('ContentFilesPolicy'))) observed.push('readWriteContentFiles');
  if (managedPolicies.some((policy) => policy.includes('CampaignContentPolicy'))) observed.push('readWriteCampaignContent');
  return observed.sort();
}

describe('least privilege', () => {
  it('grants every function exactly the capabilities FUNCTION_ACCESS lists', () => {
    for (const fn of functions) {
      // Act
      const observed = observedCapabilities(fn);

      // Assess
      expect(observed, fn.name).toEqual([...fn.capabilities].sort());
    }
  });

  it('lets the public config function write logs and nothing else', () => {
    // Prepare
    const config = functions.find((fn) => fn.name === 'api:config');
    if (!config) throw new Error('config group missing');

    // Act
    const { actions, managedPolicies } = permissionsOf(config);

    // Assess
    expect(actions.sort()).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents']);
    expect(managedPolicies).toEqual([]);
  });

  it('keeps the read-only groups from writing the table', () => {
    for (const name of ['api:config', 'api:search']) {
      // Prepare
      const fn = functions.find((candidate) => candidate.name === name);
      if (!fn) throw new Error(`${name} missing`);

      // Act
      const { actions } = permissionsOf(fn);

      // Assess
      for (const write of TABLE_WRITE_ACTIONS) expect(actions, name).not.toContain(write);
    }
  });

  it('names the table and its GSI1 index in table grants, never every index', () => {
    for (const fn of functions) {
      // Act
      const tableStatements = permissionsOf(fn).statements.filter((statement) => actionsOf([statement]).some((action) => action.startsWith('dynamodb:')));
      const resources = JSON.stringify(tableStatements.map((statement) => statement.Resource));

      // Assess
      expect(resources, fn.name).not.toContain('/index/*');
      if (actionsOf(tableStatements).includes('dynamodb:Query')) expect(resources, fn.name).toContain('/index/GSI1');
    }
  });

  it('lets only the mail worker send mail, from the MAIL_FROM identity only', () => {
    // Prepare
    const senders = functions.filter((fn) => permissionsOf(fn).actions.includes('ses:SendEmail') && !permissionsOf(fn).actions.includes('ses:SendRawEmail'));

    // Act
    const sesStatement = senders.flatMap((fn) => permissionsOf(fn).statements).find((statement) => actionsOf([statement]).includes('ses:SendEmail'));
    const resources = JSON.stringify(sesStatement?.Resource);

    // Assess
    expect(senders.map((fn) => fn.name)).toEqual(['worker:outbound-mail']);
    expect(resources).toContain('identity/mail.example.com"');
    expect(resources).toContain('identity/no-reply@mail.example.com"');
    expect(resources).not.toContain('*');
  });

  it('lets only the campaign delivery worker send campaign mail, through the campaign configuration set', () => {
    // Prepare
    const senders = functions.filter((fn) => permissionsOf(fn).actions.includes('ses:SendRawEmail'));

    // Act
    const statement = senders.flatMap((fn) => permissionsOf(fn).statements).find((candidate) => actionsOf([candidate]).includes('ses:SendRawEmail'));
    const resources = JSON.stringify(statement?.Resource);

    // Assess
    expect(senders.map((fn) => fn.name)).toEqual(['worker:campaign-delivery']);
    expect(actionsOf(statement ? [statement] : []).sort()).toEqual(['ses:SendEmail', 'ses:SendRawEmail']);
    expect(resources).toContain(':identity/*');
    expect(resources).toContain(':configuration-set/');
  });

  it('lets only the sender identities group manage SES identities, with exactly the four calls its sender domains make', () => {
    // Prepare
    const managers = functions.filter((fn) => permissionsOf(fn).actions.some((action) => action.startsWith('ses:') && action.includes('Identit')));

    // Act
    const statement = managers.flatMap((fn) => permissionsOf(fn).statements).find((candidate) => actionsOf([candidate]).includes('ses:CreateEmailIdentity'));

    // Assess
    expect(managers.map((fn) => fn.name)).toEqual(['api:sender-identities']);
    expect(actionsOf(statement ? [statement] : []).sort()).toEqual(['ses:CreateEmailIdentity', 'ses:DeleteEmailIdentity', 'ses:GetEmailIdentity', 'ses:PutEmailIdentityMailFromAttributes']);
    expect(JSON.stringify(statement?.Resource)).toContain(':identity/*');
    expect(permissionsOf(managers[0]!).actions.filter((action) => action.startsWith('ses:')).sort()).toEqual(actionsOf(statement ? [statement] : []).sort());
  });

  it('lets only the campaign delivery worker send campaign SMS and MMS, from the account\'s origination identities through the SMS configuration set', () => {
    // Prepare
    const senders = functions.filter((fn) => permissionsOf(fn).actions.includes('sms-voice:SendTextMessage'));

    // Act
    const statement = senders.flatMap((fn) => permissionsOf(fn).statements).find((candidate) => actionsOf([candidate]).includes('sms-voice:SendTextMessage'));
    const resources = JSON.stringify(statement?.Resource);

    // Assess
    expect(senders.map((fn) => fn.name)).toEqual(['worker:campaign-delivery']);
    expect(actionsOf(statement ? [statement] : []).sort()).toEqual(['sms-voice:SendMediaMessage', 'sms-voice:SendTextMessage']);
    for (const identity of [':phone-number/*', ':sender-id/*', ':pool/*', ':configuration-set/']) expect(resources).toContain(identity);
    expect(resources).not.toContain('"*"');
  });

  it('grants socket publishing by attaching the WebSocket stack\'s ManageConnections policy', () => {
    // Act
    const [role] = Object.values(resourcesOfType(publisherProbe, 'AWS::IAM::Role'));

    // Assess
    expect(JSON.stringify(role.Properties?.ManagedPolicyArns)).toContain('PublishToSocketsPolicy');
    publisherProbe.resourceCountIs('AWS::IAM::Policy', 0);
  });

  it('attaches no AWS managed policy to any platform function role', () => {
    for (const template of templates) {
      for (const [id, resource] of Object.entries(platformFunctions(template))) {
        // Act
        const managedPolicies = managedPoliciesOf(template, roleOf(resource.Properties ?? {}));

        // Assess
        for (const policy of managedPolicies) expect(policy, id).not.toContain(':iam::aws:policy/');
      }
    }
  });

  it('runs each function under its own role', () => {
    // Act
    const roles = functions.map((fn) => `${templates.indexOf(fn.template)}:${roleOf(functionByDescription(fn.template, fn.description)[1])}`);
    const functionCount = templates.reduce((count, template) => count + Object.keys(resourcesOfType(template, 'AWS::Lambda::Function')).length, 0);

    // Assess
    expect(new Set(roles).size).toBe(functions.length);
    expect(functionCount).toBe(functions.length);
  });
});

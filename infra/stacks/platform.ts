/**
 * The whole platform as one set of stacks, wired by explicit props. Dependencies run one way:
 *
 *   Data, Messaging, HttpGateway, Content -> Web -> Realtime -> Api, Workers
 *
 * Every function's environment names the table, bucket, secret, queues, CloudFront URL and the
 * WebSocket endpoints, so functions come after all of them; CloudFront fronts the HTTP API, so
 * the API itself (without routes) comes before Web and its routes after.
 */
import type { App, Environment } from 'aws-cdk-lib';
import { join } from 'node:path';
import { FunctionConfig, type SupportContact } from '../constructs/function-config.js';
import { REPO_ROOT, resolveHandlerEntry, type EntryResolver } from '../constructs/handler-entry.js';
import { ApiStack } from './api-stack.js';
import { ContentStack } from './content-stack.js';
import { DataStack } from './data-stack.js';
import { HttpGatewayStack } from './http-gateway-stack.js';
import { MessagingStack } from './messaging-stack.js';
import { RealtimeStack } from './realtime-stack.js';
import { WebStack } from './web-stack.js';
import { WorkersStack } from './workers-stack.js';

export const DEFAULT_MAIL_FROM = 'Campaign Platform <no-reply@example.com>';
/** SES's starting production quota is 14 messages/s; leave room for transactional mail. */
export const DEFAULT_CAMPAIGN_SEND_RATE = 12;
export const DEFAULT_SUPPORT: SupportContact = { email: 'support@example.com', phone: '+852 0000 0000' };

export type PlatformOptions = {
  /** Retain data and protect the table from deletion. */
  isProduction: boolean;
  /** Sender of all mail; its domain (or address) must be a verified SES identity. */
  mailFrom: string;
  /** Campaign messages per second (the SES account's sending rate less transactional mail); DEFAULT_CAMPAIGN_SEND_RATE when absent. */
  campaignSendRate?: number;
  /** The End User Messaging phone number or pool (ID or ARN) that sends MMS; without one, MMS campaigns cannot be sent. */
  mmsOriginationIdentity?: string;
  /** Stripe's publishable key (pk_live_…) for the browser's card entry; without it the checkout cannot take cards. */
  stripePublishableKey?: string;
  /** Support contact and help centre; DEFAULT_SUPPORT when absent. */
  support?: SupportContact;
  /** Where handler code comes from; tests point every function at a fixture. */
  entryResolver?: EntryResolver;
  /** The built web app; defaults to web/dist. */
  siteAssetsPath?: string;
  env?: Environment;
};

export type Platform = {
  data: DataStack;
  messaging: MessagingStack;
  httpGateway: HttpGatewayStack;
  web: WebStack;
  /** The file manager's hosted files: bucket and public distribution. */
  content: ContentStack;
  realtime: RealtimeStack;
  api: ApiStack;
  workers: WorkersStack;
  /** The configuration of the API and worker functions. */
  config: FunctionConfig;
};

export function createPlatform(app: App, options: PlatformOptions): Platform {
  const entryResolver = options.entryResolver ?? resolveHandlerEntry;
  const env = options.env;

  const data = new DataStack(app, 'CampaignPlatform-Data', { env, isProduction: options.isProduction });
  const messaging = new MessagingStack(app, 'CampaignPlatform-Messaging', { env });
  const httpGateway = new HttpGatewayStack(app, 'CampaignPlatform-HttpGateway', { env });
  const content = new ContentStack(app, 'CampaignPlatform-Content', { env, isProduction: options.isProduction });
  const web = new WebStack(app, 'CampaignPlatform-Web', {
    env,
    httpApi: httpGateway.httpApi,
    originVerifySecret: httpGateway.originVerifySecret,
    storageBuckets: [data.dataBucket, content.bucket],
    siteAssetsPath: options.siteAssetsPath ?? join(REPO_ROOT, 'web/dist'),
  });

  const functionResources = {
    table: data.table,
    dataBucket: data.dataBucket,
    importFilePolicies: data.importFilePolicies,
    exportFilePolicies: data.exportFilePolicies,
    templateContentPolicy: data.templateContentPolicy,
    campaignContentPolicy: data.campaignContentPolicy,
    contentHosting: { bucket: content.bucket, publicUrl: content.publicUrl, policy: content.policy, mediaReadPolicy: content.mediaReadPolicy },
    jwtSecret: data.jwtSecret,
    stripe: { ...data.stripeSecrets, publishableKey: options.stripePublishableKey },
    originVerifySecret: httpGateway.originVerifySecret,
    queues: messaging.queues,
    appUrl: web.appUrl,
    mailFrom: options.mailFrom,
    campaignMail: { configurationSetName: messaging.campaignMailConfigurationSet.configurationSetName, sendRate: options.campaignSendRate ?? DEFAULT_CAMPAIGN_SEND_RATE },
    campaignSms: { configurationSetName: messaging.campaignSmsConfigurationSetName, mmsOriginationIdentity: options.mmsOriginationIdentity },
    support: options.support ?? DEFAULT_SUPPORT,
  };
  const realtime = new RealtimeStack(app, 'CampaignPlatform-Realtime', { env, functionResources, entryResolver });
  const config = new FunctionConfig({ ...functionResources, realtime: realtime.endpoints });
  const api = new ApiStack(app, 'CampaignPlatform-Api', { env, httpApi: httpGateway.httpApi, config, entryResolver });
  const workers = new WorkersStack(app, 'CampaignPlatform-Workers', { env, queues: messaging.queues, config, entryResolver });

  return { data, messaging, httpGateway, web, content, realtime, api, workers, config };
}

/**
 * Key formats of the single table, all spelled here: every tenant-owned item's key starts with the
 * account it belongs to. Only the repository modules in this folder import it (and tests that check
 * a layout); services and stacks go through repository functions. The buckets' object keys are in
 * object-keys.ts.
 */

/** Connections are spread over this many index partitions, so connects and disconnects never pile onto one hot index key. */
export const CONNECTION_INDEX_SHARDS = 8;

/** Partitions over which a campaign's recipient claims are spread (docs/data-model.md). */
export const RECIPIENT_SHARDS = 16;

/** Partitions per account over which contact blocks are spread (docs/data-model.md). */
export const CONTACT_SHARDS = 16;

function connectionShard(connectionId: string): number {
  let sum = 0;
  for (let i = 0; i < connectionId.length; i += 1) sum = (sum + connectionId.charCodeAt(i)) % CONNECTION_INDEX_SHARDS;
  return sum;
}

export const keys = {
  /** The account's profile and settings: one item per account. */
  account: (tuid: string) => ({ PK: `ACCOUNT#${tuid}`, SK: 'PROFILE' }),
  /**
   * Index entry of an unverified account, in one provider-wide partition by creation time: the
   * daily housekeeping reads only unverified accounts. Present only while the account is unverified.
   */
  unverifiedAccountsPartition: 'ACCOUNTS#UNVERIFIED',
  unverifiedAccount: (createTime: string, tuid: string) => ({ GSI1PK: 'ACCOUNTS#UNVERIFIED', GSI1SK: `${createTime}#${tuid}` }),
  /** Login email → account: makes the login email unique. */
  login: (email: string) => ({ PK: `LOGIN#${email}`, SK: 'LOGIN' }),
  sessionPrefix: 'SESSION#',
  session: (loginTuid: string, sid: string) => ({ PK: `ACCOUNT#${loginTuid}`, SK: `SESSION#${sid}` }),
  verification: (tuid: string, purpose: string) => ({ PK: `ACCOUNT#${tuid}`, SK: `VERIFY#${purpose}` }),
  rateWindow: (scope: string, subject: string, windowStart: number) => ({ PK: `RATE#${scope}#${subject}`, SK: `WINDOW#${windowStart}` }),
  rateBackoff: (scope: string, subject: string) => ({ PK: `RATE#${scope}#${subject}`, SK: 'BACKOFF' }),
  /** Notifications sort by their time-ordered id, so a date range is a key range. */
  notificationPrefix: 'NOTIF#',
  notification: (userId: string, id: string) => ({ PK: `ACCOUNT#${userId}`, SK: `NOTIF#${id}` }),
  /** Index entry of a notification by kind: the history filtered by type reads only that kind. */
  notificationTypePartition: (userId: string, type: string) => `NOTIFTYPE#${userId}#${type}`,
  notificationByType: (userId: string, type: string, id: string) => ({ GSI1PK: `NOTIFTYPE#${userId}#${type}`, GSI1SK: id }),
  /** The user's unread-notification counter, changed in the same transactions as the notifications. */
  notificationCounter: (userId: string) => ({ PK: `ACCOUNT#${userId}`, SK: 'NOTIFCOUNTER' }),
  /** Which kinds of notification also go to the user by email. */
  notificationSettings: (userId: string) => ({ PK: `ACCOUNT#${userId}`, SK: 'NOTIFSETTINGS' }),
  progressPrefix: 'PROGRESS#',
  progress: (userId: string, id: string) => ({ PK: `ACCOUNT#${userId}`, SK: `PROGRESS#${id}` }),
  /** Index entry of a running job's progress by its last report: housekeeping finds the ones no worker reports on any more. */
  runningProgressPartition: 'PROGRESS#RUNNING',
  runningProgress: (reportedAt: string, userId: string, id: string) => ({ GSI1PK: 'PROGRESS#RUNNING', GSI1SK: `${reportedAt}#${userId}#${id}` }),
  /** Announcements are provider-wide and sort by their time-ordered id (newest last). */
  announcementPartition: 'ANNOUNCEMENTS',
  announcementPrefix: 'ANN#',
  announcement: (id: string) => ({ PK: 'ANNOUNCEMENTS', SK: `ANN#${id}` }),
  /** One user's read and hidden marks on one announcement. */
  announcementMarkPrefix: 'ANNMARK#',
  announcementMark: (userId: string, id: string) => ({ PK: `ACCOUNT#${userId}`, SK: `ANNMARK#${id}` }),
  /** When the user last marked every announcement read. */
  announcementsReadAll: (userId: string) => ({ PK: `ACCOUNT#${userId}`, SK: 'ANNREADALL' }),
  cartItemPrefix: 'CART#',
  cartItem: (tuid: string, id: string) => ({ PK: `ACCOUNT#${tuid}`, SK: `CART#${id}` }),
  /** The cart's currency and pay cycle, kept while the cart is empty too. */
  cartOptions: (tuid: string) => ({ PK: `ACCOUNT#${tuid}`, SK: 'CARTOPTIONS' }),
  /** Orders sort by their time-ordered id: newest last. */
  orderPrefix: 'ORDER#',
  order: (tuid: string, orderId: string) => ({ PK: `ACCOUNT#${tuid}`, SK: `ORDER#${orderId}` }),
  /** Stripe's payment intent → the order it pays: how a webhook finds its order. */
  paymentIntentOrder: (paymentIntentId: string) => ({ PK: `PAYMENTINTENT#${paymentIntentId}`, SK: 'ORDER' }),
  /** One Pay Now at a time per account: held by the order being paid until it is paid or failed. */
  checkoutLock: (tuid: string) => ({ PK: `ACCOUNT#${tuid}`, SK: 'CHECKOUTLOCK' }),
  planPrefix: 'PLAN#',
  plan: (tuid: string, planId: string) => ({ PK: `ACCOUNT#${tuid}`, SK: `PLAN#${planId}` }),
  /** The account's Stripe customer in one currency (billing §7: cards are listed per currency). */
  paymentCustomer: (tuid: string, currency: string) => ({ PK: `ACCOUNT#${tuid}`, SK: `PAYMENTCUSTOMER#${currency}` }),
  /** A pricebook version (the provider's, not an account's), and the pointer to the one in force. */
  pricebookVersion: (version: string) => ({ PK: 'PRICEBOOK', SK: `VERSION#${version}` }),
  currentPricebook: { PK: 'PRICEBOOK', SK: 'CURRENT' },
  /** A Stripe event already handled: replays are ignored. */
  paymentEvent: (eventId: string) => ({ PK: `PAYMENTEVENT#${eventId}`, SK: 'EVENT' }),
  accountPartition: (tuid: string) => `ACCOUNT#${tuid}`,
  /** The account's billing info (billing §3): one item per account. */
  billingInfo: (tuid: string) => ({ PK: `ACCOUNT#${tuid}`, SK: 'BILLINGINFO' }),
  invoiceRecipientPrefix: 'INVRCPT#',
  invoiceRecipient: (tuid: string, id: string) => ({ PK: `ACCOUNT#${tuid}`, SK: `INVRCPT#${id}` }),
  /** Recipient email → recipient id: makes an address a recipient of the account once, and finds the one a bounce names. */
  invoiceRecipientEmail: (tuid: string, email: string) => ({ PK: `ACCOUNT#${tuid}`, SK: `INVRCPTEMAIL#${email}` }),
  connectionPrefix: 'CONN#',
  connection: (userId: string, connectionId: string) => ({ PK: `ACCOUNT#${userId}`, SK: `CONN#${connectionId}` }),
  /** Index entry of a connection: by id for $disconnect, and every connection for a broadcast. */
  connectionIndex: (connectionId: string) => ({ GSI1PK: `CONNECTIONS#${connectionShard(connectionId)}`, GSI1SK: connectionId }),
  connectionIndexPartition: (shard: number) => `CONNECTIONS#${shard}`,
  /**
   * Contacts are packed 100 to a block item (docs/data-model.md); block b of an account lives in
   * partition b % CONTACT_SHARDS, so a full read runs one query per shard in parallel.
   */
  contactShardPartition: (tuid: string, shard: number) => `ACCOUNT#${tuid}#CONTACTS#${shard}`,
  contactBlockPrefix: 'BLOCK#',
  contactBlock: (tuid: string, block: number) => ({
    PK: `ACCOUNT#${tuid}#CONTACTS#${block % CONTACT_SHARDS}`,
    SK: `BLOCK#${String(block).padStart(9, '0')}`,
  }),
  /** The account's next contact number. */
  contactSequence: (tuid: string) => ({ PK: `ACCOUNT#${tuid}`, SK: 'CONTACTSEQ' }),
  /** Email → contact and mobile → contact: each identity is unique in the account. */
  contactEmail: (tuid: string, email: string) => ({ PK: `ACCOUNT#${tuid}#CONTACTEMAIL#${email}`, SK: 'CONTACT' }),
  contactMobile: (tuid: string, mobile: string) => ({ PK: `ACCOUNT#${tuid}#CONTACTMOBILE#${mobile}`, SK: 'CONTACT' }),
  /**
   * Index entry of a mobile identity item: the accounts that hold a number, for a reply (STOP) that
   * names only the number (docs/data-model.md "SMS channel").
   */
  contactMobileIndex: (mobile: string, tuid: string) => ({ GSI1PK: `MOBILE#${mobile}`, GSI1SK: tuid }),
  contactMobileIndexPartition: (mobile: string) => `MOBILE#${mobile}`,
  /** The account's custom fields, one item (at most 50 fields). */
  contactFields: (tuid: string) => ({ PK: `ACCOUNT#${tuid}`, SK: 'CONTACTFIELDS' }),
  groupPrefix: 'GROUP#',
  group: (tuid: string, groupId: string) => ({ PK: `ACCOUNT#${tuid}`, SK: `GROUP#${groupId}` }),
  /** Group name → group: makes names unique in the account (case-insensitive). */
  groupName: (tuid: string, nameKey: string) => ({ PK: `ACCOUNT#${tuid}`, SK: `GROUPNAME#${nameKey}` }),
  /** A set of contacts (a snapshot group's members, a campaign's audience) as bitmaps over contact numbers. */
  contactSetPartition: (tuid: string, setId: string) => `ACCOUNT#${tuid}#SET#${setId}`,
  contactSetChunkPrefix: 'CHUNK#',
  contactSetChunk: (tuid: string, setId: string, chunk: number) => ({ PK: `ACCOUNT#${tuid}#SET#${setId}`, SK: `CHUNK#${String(chunk).padStart(6, '0')}` }),
  /** Imports sort by their time-ordered id, so the newest are a reverse key scan. */
  importPrefix: 'IMPORT#',
  importJob: (tuid: string, importId: string) => ({ PK: `ACCOUNT#${tuid}`, SK: `IMPORT#${importId}` }),
  /** Exports sort by their time-ordered id, so the newest are a reverse key scan. */
  exportPrefix: 'EXPORT#',
  exportJob: (tuid: string, exportId: string) => ({ PK: `ACCOUNT#${tuid}`, SK: `EXPORT#${exportId}` }),
  /** Templates sort by their time-ordered id, so the newest are a reverse key scan. */
  templatePrefix: 'TEMPLATE#',
  template: (tuid: string, templateId: string) => ({ PK: `ACCOUNT#${tuid}`, SK: `TEMPLATE#${templateId}` }),
  /** Template name → template: makes names unique in the account (case-insensitive). */
  templateNamePrefix: 'TEMPLATENAME#',
  templateName: (tuid: string, nameKey: string) => ({ PK: `ACCOUNT#${tuid}`, SK: `TEMPLATENAME#${nameKey}` }),
  /**
   * A template share, twice: under the owner (one per template and receiving account, which makes
   * "already shared" a condition) and under the receiver (their "Shared with me", newest last).
   * Not `TEMPLATE#…`: the template list reads that prefix.
   */
  templateSharesOf: (templateId: string) => `TPLSHARE#${templateId}#`,
  templateShare: (ownerTuid: string, templateId: string, receiverTuid: string) => ({ PK: `ACCOUNT#${ownerTuid}`, SK: `TPLSHARE#${templateId}#${receiverTuid}` }),
  receivedSharePrefix: 'TPLRECEIVED#',
  receivedShare: (receiverTuid: string, shareId: string) => ({ PK: `ACCOUNT#${receiverTuid}`, SK: `TPLRECEIVED#${shareId}` }),
  /**
   * The file manager's items live in a partition of their own per account: entries sort by
   * folder, then folders (0) before files (1), then name key, so a folder page is one key range
   * and a name is unique per folder; the id locator finds an entry by id; one usage counter.
   */
  filesPartition: (tuid: string) => `ACCOUNT#${tuid}#FILES`,
  fileEntryPrefix: (parentId: string) => `ENTRY#${parentId}#`,
  fileEntry: (tuid: string, parentId: string, kind: 'folder' | 'file', nameKey: string) => ({
    PK: `ACCOUNT#${tuid}#FILES`,
    SK: `ENTRY#${parentId}#${kind === 'folder' ? 0 : 1}#${nameKey}`,
  }),
  fileLocator: (tuid: string, entryId: string) => ({ PK: `ACCOUNT#${tuid}#FILES`, SK: `ID#${entryId}` }),
  fileUsage: (tuid: string) => ({ PK: `ACCOUNT#${tuid}#FILES`, SK: 'USAGE' }),
  fileUpload: (tuid: string, uploadId: string) => ({ PK: `ACCOUNT#${tuid}#FILES`, SK: `UPLOAD#${uploadId}` }),
  /** Campaigns sort by their time-ordered id, so the newest are a reverse key scan. */
  campaignPrefix: 'CAMPAIGN#',
  campaign: (tuid: string, campaignId: string) => ({ PK: `ACCOUNT#${tuid}`, SK: `CAMPAIGN#${campaignId}` }),
  /** Campaign name → campaign: makes names unique in the account (case-insensitive). */
  campaignName: (tuid: string, nameKey: string) => ({ PK: `ACCOUNT#${tuid}`, SK: `CAMPAIGNNAME#${nameKey}` }),
  /**
   * Index entry of a scheduled campaign, in one provider-wide partition sorted by due time: the
   * scheduler reads what is due with one key range. Present only while the campaign is scheduled.
   */
  campaignSchedulePartition: 'CAMPAIGNSCHEDULE',
  campaignSchedule: (tuid: string, campaignId: string, dueTime: string) => ({ GSI1PK: 'CAMPAIGNSCHEDULE', GSI1SK: `${dueTime}#${tuid}#${campaignId}` }),
  /** The campaign a schedule index entry stands for, read back from its sort key. */
  campaignOfSchedule: (sortKey: string) => {
    const [, tuid, campaignId] = sortKey.split('#');
    return { tuid, campaignId };
  },
  /** Who must approve a user's sends on an account (spec §6 "Campaign approval"). */
  approvalRule: (tuid: string, loginTuid: string) => ({ PK: `ACCOUNT#${tuid}`, SK: `APPROVALRULE#${loginTuid}` }),
  /**
   * A campaign's send and report items live in partitions of their own, so a large send never
   * crowds the account's partition: the counters, the hourly timeline, tracked links, lists.
   */
  campaignDataPartition: (tuid: string, campaignId: string) => `ACCOUNT#${tuid}#CAMPAIGN#${campaignId}`,
  campaignBatchPartition: (tuid: string, campaignId: string, runId: string) => `ACCOUNT#${tuid}#CAMPAIGN#${campaignId}#B#${runId}`,
  /** A data migration's record: its resume point while it runs, when it finished once done (functions/services/migrations.ts). */
  migration: (name: string) => ({ PK: 'MIGRATION', SK: name }),
  /** A deleted campaign whose report, claims and audience the daily purge has yet to remove: one provider-wide list. */
  campaignPurge: (tuid: string, campaignId: string) => ({ PK: 'CAMPAIGNPURGE', SK: `${tuid}#${campaignId}` }),
  campaignPurgePartition: 'CAMPAIGNPURGE',
  campaignCounters: (tuid: string, campaignId: string) => ({ PK: `ACCOUNT#${tuid}#CAMPAIGN#${campaignId}`, SK: 'COUNTERS' }),
  campaignTrackedLinks: (tuid: string, campaignId: string) => ({ PK: `ACCOUNT#${tuid}#CAMPAIGN#${campaignId}`, SK: 'LINKS' }),
  /** A campaign's short-link code (functions/lib/short-links.ts): which campaign an SMS's short link belongs to. */
  shortLinkCode: (code: string) => ({ PK: `SHORTLINK#${code}`, SK: 'CAMPAIGN' }),
  /** The account and campaign of a campaign data partition, or null for any other partition. */
  campaignOfDataPartition: (partition: string): { tuid: string; campaignId: string } | null => {
    const match = /^ACCOUNT#([^#]+)#CAMPAIGN#([^#]+)$/.exec(partition);
    return match ? { tuid: match[1]!, campaignId: match[2]! } : null;
  },
  campaignEngagementPrefix: 'ENG#',
  /** A recipient's engagement with the campaign (delivery status, bounce, opens, clicks, unsubscribe). */
  campaignEngagement: (tuid: string, campaignId: string, contactId: number) => ({
    PK: `ACCOUNT#${tuid}#CAMPAIGN#${campaignId}`,
    SK: `ENG#${String(contactId).padStart(12, '0')}`,
  }),
  /** A report list's entry (docs/data-model.md): a list view's page is one key range, in the order recipients joined it. */
  campaignReportListPrefix: (list: string) => `LIST#${list}#`,
  campaignReportEntry: (tuid: string, campaignId: string, list: string, time: string, contactId: number) => ({
    PK: `ACCOUNT#${tuid}#CAMPAIGN#${campaignId}`,
    SK: `LIST#${list}#${time}#${String(contactId).padStart(12, '0')}`,
  }),
  /** When a report list's entry joined the list, read back from its sort key. */
  reportEntryTimeOf: (sortKey: string) => {
    const parts = sortKey.split('#');
    return parts[parts.length - 2];
  },
  /** List sizes the counters do not hold, and each link's clicks. */
  campaignReportTotals: (tuid: string, campaignId: string) => ({ PK: `ACCOUNT#${tuid}#CAMPAIGN#${campaignId}`, SK: 'TOTALS' }),
  /** Opens and clicks of one hour, the overview's timeline. */
  campaignTimelinePrefix: 'HOUR#',
  campaignTimelineHour: (tuid: string, campaignId: string, hour: string) => ({ PK: `ACCOUNT#${tuid}#CAMPAIGN#${campaignId}`, SK: `HOUR#${hour}` }),
  /**
   * A recipient's delivery claim: in one of RECIPIENT_SHARDS partitions by contact number, so a
   * send's claims spread over partitions instead of one hot key.
   */
  campaignRecipient: (tuid: string, campaignId: string, contactId: number) => ({
    PK: `ACCOUNT#${tuid}#CAMPAIGN#${campaignId}#R#${contactId % RECIPIENT_SHARDS}`,
    SK: `C#${String(contactId).padStart(12, '0')}`,
  }),
  campaignRecipientPrefix: 'C#',
  campaignRecipientPartition: (tuid: string, campaignId: string, shard: number) => `ACCOUNT#${tuid}#CAMPAIGN#${campaignId}#R#${shard}`,
  /** A send run's progress: its plan checkpoint, batch count and how many batches are settled (done or dropped). */
  campaignRunPrefix: 'RUN#',
  campaignRun: (tuid: string, campaignId: string, runId: string) => ({ PK: `ACCOUNT#${tuid}#CAMPAIGN#${campaignId}`, SK: `RUN#${runId}` }),
  /** A delivery batch's outcome, once it has one; in a partition of its own per run, away from the counters. */
  campaignBatch: (tuid: string, campaignId: string, runId: string, seq: number) => ({
    PK: keys.campaignBatchPartition(tuid, campaignId, runId),
    SK: `BATCH#${String(seq).padStart(9, '0')}`,
  }),
  /** A batch set aside while its campaign is paused: resume re-enqueues what this prefix holds. */
  campaignParkedPrefix: (runId: string) => `PARKED#${runId}#`,
  campaignParkedBatch: (tuid: string, campaignId: string, runId: string, seq: number) => ({
    PK: `ACCOUNT#${tuid}#CAMPAIGN#${campaignId}`,
    SK: `PARKED#${runId}#${String(seq).padStart(9, '0')}`,
  }),
  /** The credits ledger of an account: one item per change, newest last. */
  creditLedgerPartition: (tuid: string) => `ACCOUNT#${tuid}#LEDGER`,
  creditLedgerEntry: (tuid: string, entryId: string) => ({ PK: `ACCOUNT#${tuid}#LEDGER`, SK: `ENTRY#${entryId}` }),
  /** An account's sender IDs (SMS), newest last by their time-ordered id. */
  senderIdPrefix: 'SENDERID#',
  senderId: (tuid: string, id: string) => ({ PK: `ACCOUNT#${tuid}`, SK: `SENDERID#${id}` }),
  /** Sender ID text → sender ID: makes an ID unique in the account (case-insensitive). */
  senderIdName: (tuid: string, nameKey: string) => ({ PK: `ACCOUNT#${tuid}`, SK: `SENDERIDNAME#${nameKey}` }),
  /**
   * Index entry of a sender ID in support's provider-wide lists, oldest first: `review` (requests
   * and forced re-verifications awaiting a decision) or `verified`. Absent once rejected.
   */
  senderIdQueuePartition: (queue: string) => `SENDERIDS#${queue}`,
  senderIdQueue: (queue: string, createTime: string, tuid: string, id: string) => ({ GSI1PK: `SENDERIDS#${queue}`, GSI1SK: `${createTime}#${tuid}#${id}` }),
  /** A country calling code on the account's SMS allowed list, one item per code. */
  smsCallingCodePrefix: 'SMSCC#',
  smsCallingCode: (tuid: string, code: string) => ({ PK: `ACCOUNT#${tuid}`, SK: `SMSCC#${code}` }),
  /** One UTC day of an account's delivery outcomes on one family (email, sms): the dashboard adds the last 30. */
  deliverabilityPartition: (tuid: string) => `ACCOUNT#${tuid}#DELIVERABILITY`,
  deliverabilityDay: (tuid: string, family: string, day: string) => ({ PK: `ACCOUNT#${tuid}#DELIVERABILITY`, SK: `DAY#${day}#${family}` }),
  /** System item: the delivery claim of one outbound transactional mail. */
  mailDelivery: (id: string) => ({ PK: `MAIL#${id}`, SK: 'DELIVERY' }),
  /** An API key of the account (settings → developers), under its time-ordered id. */
  apiKeyPrefix: 'APIKEY#',
  apiKey: (tuid: string, id: string) => ({ PK: `ACCOUNT#${tuid}`, SK: `APIKEY#${id}` }),
  /** A webhook endpoint of the account, under its time-ordered id. */
  webhookEndpointPrefix: 'WEBHOOK#',
  webhookEndpoint: (tuid: string, id: string) => ({ PK: `ACCOUNT#${tuid}`, SK: `WEBHOOK#${id}` }),
  /** One endpoint's delivery log, a partition of its own by time-ordered delivery id (newest last; entries expire). */
  webhookDeliveryPartition: (tuid: string, endpointId: string) => `ACCOUNT#${tuid}#WEBHOOK#${endpointId}`,
  webhookDelivery: (tuid: string, endpointId: string, id: string) => ({ PK: `ACCOUNT#${tuid}#WEBHOOK#${endpointId}`, SK: `DELIVERY#${id}` }),

  /** System item: a pending password reset, found by the hash of its link's token. */
  passwordReset: (tokenHash: string) => ({ PK: `PWRESET#${tokenHash}`, SK: 'PWRESET' }),
  /** One sign-in of a user, newest last by time: the sign-in activity list reads the partition's tail. */
  signInPrefix: 'SIGNIN#',
  signIn: (loginTuid: string, time: string, sid: string) => ({ PK: `ACCOUNT#${loginTuid}`, SK: `SIGNIN#${time}#${sid}` }),

  /** An account's sender addresses (email campaigns), by address. */
  senderAddressPrefix: 'SENDERADDR#',
  senderAddress: (tuid: string, email: string) => ({ PK: `ACCOUNT#${tuid}`, SK: `SENDERADDR#${email}` }),
  /** An account's sender domains, by domain. */
  senderDomainPrefix: 'SENDERDOMAIN#',
  senderDomain: (tuid: string, domain: string) => ({ PK: `ACCOUNT#${tuid}`, SK: `SENDERDOMAIN#${domain}` }),
  /** The account's default sender address. */
  senderDefault: (tuid: string) => ({ PK: `ACCOUNT#${tuid}`, SK: 'SENDERDEFAULT' }),
  /** System item: which account holds a sender domain (SES has one identity per domain for the whole platform). */
  senderDomainClaim: (domain: string) => ({ PK: `SENDERDOMAIN#${domain}`, SK: 'CLAIM' }),
  /** System item: an SES identity as the local SES stand-in keeps it (infra/local/ses-stand-in.ts). */
  localSesIdentity: (identity: string) => ({ PK: `LOCALSES#${identity}`, SK: 'IDENTITY' }),
} as const;

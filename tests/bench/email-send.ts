/**
 * email-send: a campaign of EMAIL_SEND_BENCH_RECIPIENTS (default 50,000) contacts, each message
 * personalised and tracked, through the embedded queues and store to SES's stand-in: the real
 * planner and delivery handlers, polled by EMAIL_SEND_BENCH_WORKERS concurrent "Lambdas"
 * (default 16), as the event source mapping would. Contacts are seeded in bulk first (not timed).
 * - messages-per-s: recipients ÷ seconds from the plan message until the campaign is finished;
 * - writes-per-message: store item writes (every put, update, delete, batch and transaction item,
 *   conditional attempts that failed included) in that time ÷ recipients;
 * - store-efficiency: those writes per second ÷ store-ceiling's batch-items-per-s, measured in the
 *   same run just before;
 * - render-transport-per-s: the same messages rendered (MIME included) and sent through the SES
 *   SDK with the store bypassed, as many in flight as the workers keep (workers × 10), until SES's
 *   stand-in has answered the last (it publishes the SES events itself, in its own process);
 * - render-transport-ratio: render-transport-per-s ÷ template-render's renders-per-s, measured in
 *   the same run just after (that figure swings ×3.5 with the machine; the ratio does not);
 * - rate-error: |achieved − configured| ÷ configured for EMAIL_SEND_BENCH_RATE_RECIPIENTS
 *   (default 4,000) recipients at CAMPAIGN_SEND_RATE 200, achieved = messages ÷ (last send − first send);
 * - lost-messages and duplicate-messages with the sink throttling 10% of calls
 *   (EMAIL_SEND_BENCH_THROTTLE_RECIPIENTS, default 5,000): recipients never sent, and sent twice.
 * Processes: the planner and delivery handlers run here; SES's stand-in (with the sink) and
 * fauxqs (SQS) are Node children, DynamoDB Local a JVM.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { campaignMailTransport } from '../../functions/channels/mail.js';
import { resetConfigForTests } from '../../functions/lib/config.js';
import { createLimiter } from '../../functions/lib/concurrency.js';
import { campaignMailFor, compileRunMessage } from '../../functions/services/campaigns/campaign-send/message.js';
import type { ContactRecord } from '../../shared/domain/contacts.js';
import { SENDS_IN_FLIGHT } from '../../shared/domain/campaign-send.js';
import { emailCommand } from '../helpers/seed/campaigns.js';
import { achievedRate, countStoreWrites, duplicatesAfterCrash, seededAccount, sendCampaign, sinkRecordsOf, sizeFromEnv, startSendEmulators } from './campaign-send-harness.js';
import { storeCeiling } from './store-ceiling.js';
import { templateRender } from './template-render.js';
import type { Benchmark, Figure } from './figures.js';

const RECIPIENTS = sizeFromEnv('EMAIL_SEND_BENCH_RECIPIENTS', 50_000);
const RATE_RECIPIENTS = sizeFromEnv('EMAIL_SEND_BENCH_RATE_RECIPIENTS', 4_000);
const THROTTLE_RECIPIENTS = sizeFromEnv('EMAIL_SEND_BENCH_THROTTLE_RECIPIENTS', 5_000);
const WORKERS = Number(process.env.EMAIL_SEND_BENCH_WORKERS ?? 16);
const CRASH_RECIPIENTS = sizeFromEnv('EMAIL_SEND_BENCH_CRASH_RECIPIENTS', 400);
const CRASH_RUNS = 5;
const RATE = 200;

/**
 * What a delivery Lambda does per message, alone: render, build the MIME and call SES (the
 * stand-in, in a process of its own), no claims, no counters, as many in flight as the delivery
 * workers keep; timed until SES has answered the last call.
 */
async function renderTransportPerS(count: number, senderEmail: string): Promise<number> {
  const message = await compileRunMessage({ command: emailCommand(senderEmail), fields: [], verifiedDomains: [], footer: { language: 'en' } });
  const transport = campaignMailTransport();
  const limit = createLimiter(WORKERS * SENDS_IN_FLIGHT);
  const now = Date.now();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: count }, (_, n) => {
      const contact: ContactRecord = { id: n + 1, email: `r${n}@example.com`, mobile: null, emailSubscribe: true, smsSubscribe: true, emailBounce: 'none', smsBounce: 'none', fields: { f1: `Name${n}` }, createTime: now, updateTime: now };
      return limit(() => transport.sendRaw(campaignMailFor({ message, recipient: { tuid: 'bench', campaignId: 'render-only', contact }, now: new Date() })));
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

export const emailSend: Benchmark = {
  name: 'email-send',
  async run(): Promise<Figure[]> {
    const ceiling = (await storeCeiling.run()).find((figure) => figure.metric === 'batch-items-per-s')!.value;
    const { sinkDir, replaceSink, stop } = await startSendEmulators('email');
    const figure = (metric: string, value: number, unit: string): Figure => ({ bench: 'email-send', metric, value, unit });
    const send = async (account: Awaited<ReturnType<typeof seededAccount>>) => sendCampaign(account, emailCommand(account.login), 'email', WORKERS);
    try {
      const counter = countStoreWrites();

      // Full speed.
      const fullAccount = await seededAccount(RECIPIENTS);
      const writesBefore = counter.writes;
      const full = await send(fullAccount);
      const writes = counter.writes - writesBefore;
      const sent = (await sinkRecordsOf(sinkDir, 'mail', full.campaignId)).length;
      const figures = [
        figure('recipients', RECIPIENTS, 'messages'),
        figure('store-ceiling-batch-items-per-s', ceiling, 'items/s'),
        figure('messages-per-s', sent / full.seconds, 'messages/s'),
        figure('writes-per-message', writes / sent, 'writes'),
        figure('store-efficiency', writes / full.seconds / ceiling, 'ratio'),
      ];
      // Into a sink of its own, so the campaign sinks stay small enough to scan.
      const renderSinkDir = await mkdtemp(join(tmpdir(), 'email-send-render-'));
      await replaceSink(renderSinkDir);
      const renderTransport = await renderTransportPerS(Math.min(RECIPIENTS, 20_000), 'bench@example.com');
      // template-render's speed in this same run: their ratio holds when the machine's speed swings.
      const renders = (await templateRender.run()).find((result) => result.metric === 'renders-per-s')!.value;
      figures.push(figure('render-transport-per-s', renderTransport, 'messages/s'), figure('template-renders-per-s', renders, 'renders/s'), figure('render-transport-ratio', renderTransport / renders, 'ratio'));
      await replaceSink(sinkDir);
      await rm(renderSinkDir, { recursive: true, force: true });

      // At a configured rate.
      process.env.CAMPAIGN_SEND_RATE = String(RATE);
      resetConfigForTests();
      const paced = await send(await seededAccount(RATE_RECIPIENTS));
      const achieved = achievedRate(await sinkRecordsOf(sinkDir, 'mail', paced.campaignId));
      figures.push(figure('rate-achieved', achieved, 'messages/s'), figure('rate-error', Math.abs(achieved - RATE) / RATE, 'ratio'));

      // With a throttling transport.
      process.env.CAMPAIGN_SEND_RATE = '0';
      await replaceSink(sinkDir, { throttleFraction: 0.1 });
      const throttledAccount = await seededAccount(THROTTLE_RECIPIENTS);
      resetConfigForTests();
      const throttled = await send(throttledAccount);
      const throttledMails = await sinkRecordsOf(sinkDir, 'mail', throttled.campaignId);
      const unique = new Set(throttledMails.map((mail) => mail.to)).size;
      figures.push(
        figure('throttled-messages-per-s', unique / throttled.seconds, 'messages/s'),
        figure('lost-messages', THROTTLE_RECIPIENTS - unique, 'messages'),
        figure('duplicate-messages', throttledMails.length - unique, 'messages'),
      );
      await replaceSink(sinkDir);
      // Killed mid-send at a random moment, then delivered again.
      process.env.CAMPAIGN_SEND_RATE = '0';
      resetConfigForTests();
      const crash = await duplicatesAfterCrash({ channel: 'email', command: (account) => emailCommand(account.login), recipients: CRASH_RECIPIENTS, runs: CRASH_RUNS });
      figures.push(
        figure('duplicates-after-crash', crash.duplicates, 'recipients'),
        figure('in-flight-limit', crash.inFlightLimit, 'messages'),
        figure('duplicates-over-in-flight', crash.duplicates / crash.inFlightLimit, 'ratio'),
      );
      return figures;
    } finally {
      await stop();
    }
  },
};

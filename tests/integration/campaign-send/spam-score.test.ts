/**
 * What we send, scored as receivers score it: a campaign built from each starter layout goes
 * through the planner and delivery workers to the local sink, and Debian's SpamAssassin
 * (`spamassassin -t -L`: its offline rules, no network tests) scores the raw message. Each scores
 * at most 1.0 of the 5.0 that marks spam, so nothing we put in every message (headers, MIME
 * structure, the footer, the tracking) costs a first user their inbox.
 */
import { execFile } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { readSink } from '../../../functions/channels/sink.js';
import { resetConfigForTests } from '../../../functions/lib/config.js';
import { STARTER_LAYOUTS, type StarterLayoutId } from '../../../web/src/components/templates/starter-layouts.js';
import { useTestTable, type TestTable } from '../../helpers/emulators.js';
import { drainQueue } from '../../helpers/queues.js';
import { seedAccount } from '../../helpers/seed/accounts.js';
import { emailCommand, startedCampaign } from '../../helpers/seed/campaigns.js';
import { seedContacts } from '../../helpers/seed/contacts.js';

const SPAMASSASSIN = process.env.SPAMASSASSIN_PATH ?? '/usr/bin/spamassassin';
const MAX_SCORE = 1.0;
/** SpamAssassin loads its rules on every run: seconds on a busy machine. */
const SCORE_TIMEOUT_MS = 120_000;

let testTable: TestTable;

beforeAll(async () => {
  testTable = await useTestTable();
  // Links as recipients get them from AWS (https, the app's host name), not the tests' http://127.0.0.1:3000.
  process.env.APP_URL = 'https://app.campaign-platform.example';
  resetConfigForTests();
});

/** The score and the rules that hit, from `spamassassin -t -L`'s report. */
function spamScore(raw: string): Promise<{ score: number; rules: string }> {
  return new Promise((resolve, reject) => {
    const child = execFile(SPAMASSASSIN, ['-t', '-L'], { timeout: SCORE_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => {
      if (error) return reject(error);
      const status = /^X-Spam-Status: \w+, score=(-?[\d.]+) required=[\d.]+ tests=([\s\S]*?)\s*autolearn=/m.exec(stdout);
      if (!status) return reject(new Error(`no X-Spam-Status in SpamAssassin's answer:\n${stdout.slice(0, 2000)}`));
      resolve({ score: Number(status[1]), rules: status[2]!.replace(/\s+/g, '') });
    });
    child.stdin?.end(raw);
  });
}

/** A template saved from a starter layout, as the editor stores it: a whole HTML document. */
function starterTemplate(id: StarterLayoutId, title: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body style="margin:0;padding:0">${STARTER_LAYOUTS[id]}</body></html>`;
}

const SUBJECTS: Record<StarterLayoutId, string> = {
  newsletter: 'Our news for November',
  promotion: 'Our season sale starts today',
  announcement: 'Something new from Shop Ltd',
};

describe('spam scores of what we send', () => {
  it.each(Object.keys(STARTER_LAYOUTS) as StarterLayoutId[])(
    'a campaign from the %s starter scores at most 1.0',
    async (layout) => {
      // Prepare
      const account = await seedAccount();
      const [contact] = await seedContacts(account.tuid, 1, { emailOf: () => `reader-${layout}@example.org` });
      const { campaignId } = await startedCampaign(account, emailCommand(account.login, { subject: SUBJECTS[layout], preheader: undefined, content: { kind: 'email', editor: 'code', html: starterTemplate(layout, SUBJECTS[layout]), project: null } }));

      // Act
      await drainQueue('campaign-plan');
      await drainQueue('campaign-delivery');
      const [mail] = (await readSink(testTable.sinkDir, 'mail', { to: contact!.email! })).filter((each) => each.tags?.campaignId === campaignId);
      const { score, rules } = await spamScore(mail!.raw!);

      // Assess
      expect(score, `${layout}: ${rules}`).toBeLessThanOrEqual(MAX_SCORE);
    },
    SCORE_TIMEOUT_MS + 60_000,
  );
});

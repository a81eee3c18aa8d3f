/**
 * Template thumbnails through the real handler: an SVG drawn from the template, kept beside its
 * content version in the data bucket, cached for good only when the version asked for is current,
 * dropped with the version, and refused for another account's template or bad input.
 */
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Client } from '../../../functions/lib/aws/s3.js';
import { config } from '../../../functions/lib/config.js';
import { ERROR_CODES } from '../../../shared/errors.js';
import type { TTemplate, TTemplateSummary } from '../../../shared/schemas/templates.js';
import { call, startApi, type ApiClient } from '../../helpers/api.js';
import { useTestTable } from '../../helpers/emulators.js';
import { signUpAs, type Actor } from '../../helpers/seed/accounts.js';
import { emailContent, seedTemplate, smsContent } from '../../helpers/seed/templates.js';

const THUMBNAIL = '/api/v1/pageBasedAPI/thumbnail/get';
const EMAIL = `<!doctype html><html><head><style>.hero { color: #c00; }</style><script>steal()</script></head>
<body bgcolor="#eeeeee"><table width="600"><tr><td class="hero" onclick="steal()">Spring sale for {{ field:f1 | you }} &amp; friends
<img src="https://cdn.example/hero.png" width="560" height="200"></td></tr></table></body></html>`;

let api: ApiClient;
let me: Actor;
let stranger: Actor;

beforeAll(async () => {
  await useTestTable();
  api = await startApi();
  [me, stranger] = await Promise.all([signUpAs(api, 'Thumbnail Owner'), signUpAs(api, 'Thumbnail Stranger')]);
}, 30_000);
afterAll(() => api.close());

function thumbnailOf(actor: Actor, template: Pick<TTemplateSummary, 'id' | 'version' | 'updateTime'>, overrides: Record<string, string> = {}) {
  const query = new URLSearchParams({ id: template.id, version: template.version, time: template.updateTime, tuid: actor.tuid, dataType: 'template', ...overrides });
  return api.request<string>('GET', `${THUMBNAIL}?${query}`, { token: actor.token });
}

async function keptThumbnails(actor: Actor, templateId: string): Promise<string[]> {
  const listed = await s3Client().send(new ListObjectsV2Command({ Bucket: config().DATA_BUCKET, Prefix: `templates/${actor.tuid}/${templateId}/` }));
  return (listed.Contents ?? []).map((object) => object.Key!).filter((key) => key.endsWith('.thumbnail.svg'));
}

describe('template thumbnails', () => {
  it("draws an email as an SVG of its own layout, without what could run, and keeps it for good", async () => {
    // Prepare
    const template = await seedTemplate(api, me, { name: 'Spring sale', content: emailContent(EMAIL) });

    // Act
    const answer = await thumbnailOf(me, template);

    // Assess
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(answer.headers.get('content-security-policy')).toContain("default-src 'none'");
    const svg = answer.body;
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="600" height="780"/);
    expect(svg).toContain('<foreignObject');
    expect(svg).toContain('<style><![CDATA[.hero { color: #c00; }]]></style>');
    expect(svg).toContain('Spring sale for {{ field:f1 | you }} &amp; friends');
    expect(svg).toContain('background-color:#eeeeee');
    // The image loads nothing: a box of its size stands in.
    expect(svg).toContain('width:560px;height:200px');
    expect(svg).not.toMatch(/steal|<script|onclick|cdn\.example/);
    expect(await keptThumbnails(me, template.id)).toHaveLength(1);
  });

  it('draws an SMS template as its message', async () => {
    // Prepare
    const template = await seedTemplate(api, me, { name: 'Flash sale text', content: smsContent('Flash sale <today> & tomorrow') });

    // Act
    const answer = await thumbnailOf(me, template);

    // Assess
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Flash sale &lt;today&gt; &amp; tomorrow');
  });

  it('answers the current drawing after a save, not for caching when an old version is asked for, and drops the old one', async () => {
    // Prepare
    const template = await seedTemplate(api, me, { name: 'Autumn sale', content: emailContent('<p>Autumn one</p>') });
    await thumbnailOf(me, template);
    const lock = await call(api, me, 'POST', `/templates/${template.id}/lock`, {});
    expect(lock.status).toBe(200);
    const saved = await call<{ template: TTemplate }>(api, me, 'PUT', `/templates/${template.id}`, { content: emailContent('<p>Autumn two</p>') });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    // Act
    const stale = await thumbnailOf(me, template);
    const current = await thumbnailOf(me, saved.body.template);

    // Assess
    expect(saved.body.template.version).not.toBe(template.version);
    expect(stale.body).toContain('Autumn two');
    expect(stale.headers.get('cache-control')).toBe('private, no-cache');
    expect(current.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(await keptThumbnails(me, template.id)).toHaveLength(1);
  });

  it("answers another account's template exactly like a missing one", async () => {
    // Prepare
    const template = await seedTemplate(api, me, { name: 'Private design', content: emailContent('<p>Mine</p>') });

    // Act
    const asStranger = await thumbnailOf(stranger, template, { tuid: me.tuid });
    const strangersOwn = await thumbnailOf(stranger, template);

    // Assess
    expect(asStranger.status).toBe(404);
    expect(asStranger.body).toMatchObject({ statusCode: ERROR_CODES.TEMPLATE_NOT_FOUND });
    expect(strangersOwn.status).toBe(404);
  });

  it('refuses bad input with the fields named, and the data type is only template', async () => {
    // Prepare
    const template = await seedTemplate(api, me, { name: 'Checked input', content: emailContent('<p>x</p>') });

    // Act
    const badVersion = await thumbnailOf(me, template, { version: '../../secret' });
    const badType = await thumbnailOf(me, template, { dataType: 'campaign' });

    // Assess
    expect(badVersion.status).toBe(400);
    expect(badVersion.body).toMatchObject({ statusCode: ERROR_CODES.INVALID_INPUT });
    expect(JSON.stringify(badVersion.body)).toContain('version');
    expect(badType.status).toBe(400);
    expect(await keptThumbnails(me, template.id)).toHaveLength(0);
  });
});

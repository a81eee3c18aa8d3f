/**
 * The public links of campaign messages (no login): open pixel, click redirect, an SMS's short
 * link, unsubscribe page and one-click post, online version. A link that is not ours gets the same 404 page whatever is
 * wrong with it, except the pixel, which is always the image.
 */
import { tracking } from '../../shared/contracts/tracking.js';
import { createApiHandler, HttpAnswer, type RouteInput } from '../lib/http.js';
import { linkNotFoundPage, PAGE_HEADERS, pageLanguage, unsubscribedPage, unsubscribeQuestionPage } from '../services/campaigns/tracking-pages.js';
import { findUnsubscribeRecipient, followShortLink, followTrackedLink, recordOpen, renderOnlineVersionByLink, unsubscribeByLink } from '../services/campaigns/tracking.js';

/** A 43-byte transparent 1×1 GIF. */
const PIXEL_GIF = 'R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==';

/**
 * The campaign's own HTML, shown as a document of its own: nothing in it may run, it cannot be
 * framed, and links still open (sandbox without scripts, forms or same-origin).
 */
const ONLINE_VERSION_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline' https:; font-src https: data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; sandbox allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation",
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};

type Http = RouteInput<(typeof tracking)['routes']['open']>['http'];

const languageOf = (http: Http) => pageLanguage(http.event.headers['accept-language']);
const html = (body: string, statusCode = 200) => new HttpAnswer(statusCode, body, PAGE_HEADERS);
const notFound = (http: Http) => html(linkNotFoundPage(languageOf(http)), 404);
const redirect = (url: string) => new HttpAnswer(302, '', { location: url, 'referrer-policy': 'no-referrer' });

/** RFC 8058: a one-click post carries `List-Unsubscribe=One-Click`; the page's button posts the same. */
const isOneClickBody = (body: unknown) =>
  typeof body === 'object' && body !== null && 'List-Unsubscribe' in body && body['List-Unsubscribe'] === 'One-Click';

export const handler = createApiHandler(tracking, {
  open: async ({ params, http, now }) => {
    await recordOpen({ token: params.token, userAgent: http.userAgent, sourceIp: http.sourceIp, now });
    return new HttpAnswer(200, PIXEL_GIF, { 'content-type': 'image/gif' }, true);
  },
  click: async ({ params, query, http, now }) => {
    const url = await followTrackedLink({ token: params.token, link: query.l, userAgent: http.userAgent, now });
    return url ? redirect(url) : notFound(http);
  },
  shortLink: async ({ params, http, now }) => {
    const url = await followShortLink({ token: params.token, userAgent: http.userAgent, now });
    return url ? redirect(url) : notFound(http);
  },
  unsubscribePage: async ({ params, http }) => {
    const found = await findUnsubscribeRecipient({ token: params.token });
    return found ? html(unsubscribeQuestionPage({ language: languageOf(http), email: found.email })) : notFound(http);
  },
  unsubscribe: async ({ params, body, http, now }) => {
    if (!isOneClickBody(body)) return notFound(http);
    return (await unsubscribeByLink({ token: params.token, now })) ? html(unsubscribedPage(languageOf(http))) : notFound(http);
  },
  onlineVersion: async ({ params, http }) => {
    const page = await renderOnlineVersionByLink({ token: params.token });
    return page === null ? notFound(http) : new HttpAnswer(200, page, ONLINE_VERSION_HEADERS);
  },
});

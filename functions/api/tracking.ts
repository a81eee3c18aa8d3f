/**
 * The public links of campaign messages (no login): open pixel, click redirect, an SMS's short
 * link, unsubscribe page and one-click post, online version. A link that is not ours gets the same 404 page whatever is
 * wrong with it, except the pixel, which is always the image.
 */
import { createApiHandler, HttpAnswer, type ApiRequest } from '../lib/http.js';
import { linkNotFoundPage, PAGE_HEADERS, pageLanguage, unsubscribedPage, unsubscribeQuestionPage } from '../services/tracking-pages.js';
import { findUnsubscribeRecipient, followShortLink, followTrackedLink, recordOpen, renderOnlineVersionByLink, unsubscribeByLink } from '../services/tracking.js';

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

const tokenOf = (request: ApiRequest) => request.params.token ?? '';
const languageOf = (request: ApiRequest) => pageLanguage(request.event.headers['accept-language']);
const html = (body: string, statusCode = 200) => new HttpAnswer(statusCode, body, PAGE_HEADERS);
const notFound = (request: ApiRequest) => html(linkNotFoundPage(languageOf(request)), 404);

/** RFC 8058: a one-click post carries `List-Unsubscribe=One-Click`; the page's button posts the same. */
const isOneClickBody = (body: unknown) =>
  typeof body === 'object' && body !== null && 'List-Unsubscribe' in body && body['List-Unsubscribe'] === 'One-Click';

export const handler = createApiHandler('tracking', {
  'GET /t/open/{token}': async (request) => {
    await recordOpen({ token: tokenOf(request), userAgent: request.userAgent, now: new Date() });
    return new HttpAnswer(200, PIXEL_GIF, { 'content-type': 'image/gif' }, true);
  },
  'GET /t/click/{token}': async (request) => {
    const url = await followTrackedLink({ token: tokenOf(request), link: request.query.l, userAgent: request.userAgent, now: new Date() });
    return url ? new HttpAnswer(302, '', { location: url, 'referrer-policy': 'no-referrer' }) : notFound(request);
  },
  'GET /t/s/{token}': async (request) => {
    const url = await followShortLink({ token: tokenOf(request), userAgent: request.userAgent, now: new Date() });
    return url ? new HttpAnswer(302, '', { location: url, 'referrer-policy': 'no-referrer' }) : notFound(request);
  },
  'GET /t/unsubscribe/{token}': async (request) => {
    const found = await findUnsubscribeRecipient(tokenOf(request));
    return found ? html(unsubscribeQuestionPage(languageOf(request), found.email)) : notFound(request);
  },
  'POST /t/unsubscribe/{token}': async (request) => {
    if (!isOneClickBody(request.body)) return notFound(request);
    return (await unsubscribeByLink({ token: tokenOf(request), now: new Date() })) ? html(unsubscribedPage(languageOf(request))) : notFound(request);
  },
  'GET /t/view/{token}': async (request) => {
    const page = await renderOnlineVersionByLink(tokenOf(request));
    return page === null ? notFound(request) : new HttpAnswer(200, page, ONLINE_VERSION_HEADERS);
  },
});

/**
 * What recipients' mail programs and phones call (no login): the signed links of
 * docs/api-contract.md "Tracking". They answer pages, redirects and images, never JSON; the
 * `{token}` is handed over as it is, since a link that is not ours answers the same page whatever is wrong with it.
 */
import { defineGroup, NOT_JSON, PUBLIC, route } from './route.js';

export const tracking = defineGroup('tracking', {
  // The open pixel.
  open: route({ method: 'GET', path: '/t/open/{token}', access: PUBLIC, answer: NOT_JSON }),
  // A tracked link of an email (`?l=` its index): a redirect.
  click: route({ method: 'GET', path: '/t/click/{token}', access: PUBLIC, answer: NOT_JSON }),
  // An SMS's short link: a redirect.
  shortLink: route({ method: 'GET', path: '/t/s/{token}', access: PUBLIC, answer: NOT_JSON }),
  // The unsubscribe question page.
  unsubscribePage: route({ method: 'GET', path: '/t/unsubscribe/{token}', access: PUBLIC, answer: NOT_JSON }),
  // The page's button and RFC 8058 one-click posts.
  unsubscribe: route({ method: 'POST', path: '/t/unsubscribe/{token}', access: PUBLIC, answer: NOT_JSON }),
  onlineVersion: route({ method: 'GET', path: '/t/view/{token}', access: PUBLIC, answer: NOT_JSON }),
});

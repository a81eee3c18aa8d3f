/**
 * A list's total comes apart from its rows (contacts/count): while the count of a new search is
 * on its way, no total is shown, never the previous search's (an account's 941,000 beside the one
 * contact a lookup found).
 */
import { render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { describe, expect, it, vi } from 'vitest';
import type { TContactFilter } from '../../shared/schemas/contact-search.js';
import { ZCountResponse } from '../../shared/schemas/contact-search.js';
import { useContactCount } from '../../web/src/api/contacts.js';
import { installFakeApi } from './fake-api.js';
import { signIn } from './render-page.js';

function Total({ filter }: { filter: TContactFilter }) {
  const { count } = useContactCount(filter);
  return <p data-testid="total">{count === undefined ? 'counting' : String(count)}</p>;
}

const renderTotal = (filter: TContactFilter) => (
  <SWRConfig value={{ shouldRetryOnError: false, dedupingInterval: 0 }}>
    <Total filter={filter} />
  </SWRConfig>
);

describe('contact count', () => {
  it('shows no total while a new search is counted, then its own', async () => {
    // Prepare: the whole list's count answers at once; a search's waits until released.
    signIn();
    const api = installFakeApi();
    api.on('POST', '/api/v1/pageBasedAPI/contacts/count', ZCountResponse).answer((request) => ({ count: (request.body as TContactFilter).quickSearch ? 1 : 941_000 }));
    const answer = globalThis.fetch;
    let release = () => {};
    const searchCounted = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (typeof init.body === 'string' && init.body.includes('quickSearch')) await searchCounted;
      return answer(input, init);
    });
    const view = render(renderTotal({}));
    expect((await screen.findByText('941000')).dataset.testid).toBe('total');

    // Act
    view.rerender(renderTotal({ quickSearch: 'ann@example.com' }));

    // Assess
    expect(await screen.findByText('counting')).toBeTruthy();
    release();
    expect(await screen.findByText('1')).toBeTruthy();
  });
});

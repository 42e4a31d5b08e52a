// docs/decisions/009-listing-pages.md: the product page's first load starts from the listing the server put into
// the HTML, with no second request for it.
import type { Product } from '@olden/contracts';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '@/test/fetch-mock';
import { INJECTED_LISTING_ID, productQueryOptions } from './get-product';

const ID = 'a'.repeat(32);
const product = { _id: ID, name: 'Tin robot </script>', price: 19.99 } as unknown as Product;

function inject(text: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = INJECTED_LISTING_ID;
  script.textContent = text;
  document.body.append(script);
}

afterEach(() => {
  document.getElementById(INJECTED_LISTING_ID)?.remove();
  vi.unstubAllGlobals();
});

describe('the injected listing', () => {
  it('is the query data of the first load: no request, read once', async () => {
    const fetchMock = mockApi({ [`GET /api/products/${ID}`]: json({ ...product, name: 'from the API' }) });
    // As the server writes it: < as \u003c.
    inject(JSON.stringify(product).replace(/</g, '\\u003c'));
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    expect(await client.ensureQueryData(productQueryOptions(ID))).toEqual(product);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.getElementById(INJECTED_LISTING_ID)).toBeNull();
    // A later visit (another client, or after the cache went) asks the API.
    const later = new QueryClient();
    expect((await later.ensureQueryData(productQueryOptions(ID))).name).toBe('from the API');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('another listing, or unreadable JSON, is ignored: the page fetches its own', async () => {
    const fetchMock = mockApi({ [`GET /api/products/${ID}`]: json(product) });
    for (const text of [JSON.stringify({ ...product, _id: 'b'.repeat(32) }), '{not json']) {
      inject(text);
      const client = new QueryClient();
      expect(await client.ensureQueryData(productQueryOptions(ID))).toEqual(product);
    }
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

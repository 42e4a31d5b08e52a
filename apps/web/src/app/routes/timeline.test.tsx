// The timeline's first page the server put into the HTML (docs/decisions/021-first-screens-from-the-components.md): used once,
// for the filters it was read for, instead of asking again; anything else fetches as before.
import type { Product } from '@olden/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/features/auth/components/auth-provider';
import { INJECTED_TIMELINE_ID, takeInjectedTimeline } from '@/features/products/api/list-products';
import { queryClient } from '@/lib/query-client';
import { json, mockApi } from '@/test/fetch-mock';
import { Component, loader } from './timeline';

const product = (id: string, name: string): Product =>
  ({
    _id: id,
    name,
    image1: 'https://img.test.example/1.jpg',
    image2: 'https://img.test.example/2.jpg',
    image3: 'https://img.test.example/3.jpg',
    image4: 'https://img.test.example/4.jpg',
    age: 12,
    date: '2024-05-01',
    category: 'pets',
    shortDescription: 'A short description',
    longDescription: 'A longer description of the listing',
    price: 20,
    uploaderPhone: '0123456789',
    uploaderLocation: 'Leeds',
    uploaderName: 'Ada',
    email: 'ada@example.com',
    status: 'available',
    sellerId: 'seller-1',
    sellerRating: { average: null, count: 0 },
  }) as Product;

function inject(content: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = INJECTED_TIMELINE_ID;
  script.textContent = content;
  document.body.append(script);
}

const user = { _id: 'u1', email: 'user@example.com', displayName: 'Demo User', photoURL: '', admin: false, emailVerified: true, notifyByEmail: true };

function renderTimeline(url: string) {
  const router = createMemoryRouter([{ path: '/timeline', loader, Component }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => queryClient.clear());
afterEach(() => {
  document.getElementById(INJECTED_TIMELINE_ID)?.remove();
  vi.unstubAllGlobals();
});

describe('timeline: the first page from the HTML', () => {
  it('shows the injected first page for the same filters without asking for it, once', async () => {
    inject(JSON.stringify({ filters: { category: 'pets', sort: 'price_asc' }, items: [product('p1', 'Injected basket'), product('p2', 'Injected lead')], nextCursor: 'c2' }));
    const fetchMock = mockApi({
      'GET /api/auth/session': { user },
      'POST /api/jwt': { token: 'tok' },
      'GET /api/products': () => json([product('p9', 'Fetched bowl')]),
    });
    renderTimeline('/timeline?sort=price_asc&category=pets');
    expect(await screen.findByRole('heading', { name: 'Injected basket' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Injected lead' })).toBeInTheDocument();
    // The injected nextCursor is the list's: Load more is offered.
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/products'))).toEqual([]);
    // Read once: the element is gone, a later reading finds nothing.
    expect(document.getElementById(INJECTED_TIMELINE_ID)).toBeNull();
    expect(takeInjectedTimeline({ category: 'pets', sort: 'price_asc' })).toBeUndefined();
  });

  it('ignores a first page read for other filters and fetches the URL’s own', async () => {
    inject(JSON.stringify({ filters: { category: 'pets' }, items: [product('p1', 'Injected basket')] }));
    const fetchMock = mockApi({
      'GET /api/auth/session': { user },
      'POST /api/jwt': { token: 'tok' },
      'GET /api/products': () => json([product('p9', 'Fetched bowl')]),
    });
    renderTimeline('/timeline?category=kids');
    expect(await screen.findByRole('heading', { name: 'Fetched bowl' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Injected basket' })).toBeNull();
    const listCalls = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/products'));
    expect(listCalls).toHaveLength(1);
    expect(listCalls[0]).toContain('category=kids');
    expect(document.getElementById(INJECTED_TIMELINE_ID)).toBeNull();
  });

  it('a malformed or foreign block is ignored', () => {
    for (const content of ['not json', 'null', '{"items":"x","filters":{}}', '{"items":[]}']) {
      inject(content);
      expect(takeInjectedTimeline({}), content).toBeUndefined();
      expect(document.getElementById(INJECTED_TIMELINE_ID)).toBeNull();
    }
    inject(JSON.stringify({ filters: {}, items: [] }));
    expect(takeInjectedTimeline({})).toEqual({ items: [], nextCursor: undefined });
  });
});

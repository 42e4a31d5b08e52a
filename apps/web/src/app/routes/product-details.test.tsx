// The product page's listing status: a Reserved or Sold badge, and Buy Now disabled with the reason read out.
import { configure, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import { Component, loader } from './product-details';

configure({ asyncUtilTimeout: 5000 });

const product = (id: string, status: string) => ({
  _id: id,
  image1: '/a.png',
  image2: '/b.png',
  image3: '/c.png',
  image4: '/d.png',
  name: 'Walnut dresser',
  age: 14,
  date: '2024-05-01',
  category: 'homeAndLiving',
  shortDescription: 'A well kept dresser.',
  longDescription: 'Looked after for years.',
  price: 240,
  uploaderPhone: '+1 555 0100',
  uploaderLocation: 'Leeds',
  uploaderName: 'Ann',
  email: 'ann@example.com',
  status,
});

function renderProduct(id: string, status: string) {
  mockApi({ 'GET /api/auth/session': { user: null }, [`GET /api/products/${id}`]: product(id, status) });
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  return renderRoutes([{ path: '/productDetails/:id', loader, Component }], [`/productDetails/${id}`]);
}

describe('product page status', () => {
  it.each([
    ['reserved', 'Reserved', "Reserved: someone's purchase is in progress."],
    ['sold', 'Sold', 'Sold: this item has found a new home.'],
  ])('a %s listing shows its badge and Buy Now disabled with the reason', async (status, badge, reason) => {
    renderProduct(`p-${status}`, status);
    const buy = await screen.findByRole('button', { name: 'Buy Now' });
    expect(buy).toBeDisabled();
    expect(buy).toHaveAccessibleDescription(reason);
    expect(screen.getByText(badge)).toBeInTheDocument();
  });

  it('an available listing keeps Buy Now enabled, without a badge', async () => {
    renderProduct('p-available', 'available');
    const buy = await screen.findByRole('button', { name: 'Buy Now' });
    expect(buy).toBeEnabled();
    expect(screen.queryByText('Reserved')).not.toBeInTheDocument();
    expect(screen.queryByText('Sold')).not.toBeInTheDocument();
  });
});

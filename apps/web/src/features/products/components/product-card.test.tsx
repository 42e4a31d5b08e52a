import type { Product } from '@olden/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ProductCard } from './product-card';

const product = {
  _id: 'p1', name: 'Wooden rocking horse', email: 's@example.com', image1: '/api/images/abc-1280.webp', image2: '', image3: '', image4: '', age: 12,
  date: '2024-01-01', category: 'homeAndLiving', shortDescription: 'Loved', longDescription: '', price: 40, uploaderPhone: '1', uploaderLocation: 'X',
  uploaderName: 'S', createdAt: '', status: 'available', favouriteCount: 0, sellerId: 's1', sellerRating: { average: null, count: 0 }, place: null, acceptOffers: true,
} satisfies Product;

describe('ProductCard', () => {
  it('names the category by its label, the photo by the product and the link by the product', () => {
    render(<MemoryRouter><ProductCard product={product} /></MemoryRouter>);
    expect(screen.getByText('Home and Living')).toBeInTheDocument();
    expect(screen.queryByText('homeAndLiving')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Wooden rocking horse' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Details of Wooden rocking horse' })).toHaveAttribute('href', '/productDetails/p1');
  });
});

import type { BuyerProduct } from '@olden/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sumPrices } from '../lib/cart-total';
import { CartSummary } from './cart-summary';

const item = (price: number, id = String(price), agreedPrice: number | null = null) => ({ _id: id, price, agreedPrice }) as BuyerProduct;

describe('cart total', () => {
  it('adds prices exactly, in cents', () => {
    expect(sumPrices([item(0.1, 'a'), item(0.2, 'b')])).toBe(0.3);
    expect(sumPrices([item(19.99, 'a'), item(5.01, 'b'), item(1000, 'c')])).toBe(1025);
    expect(sumPrices([])).toBe(0);
  });

  it('shows the sum of the items', () => {
    render(<CartSummary items={[item(120, 'a'), item(30.5, 'b'), item(0.25, 'c')]} />);
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$150.75');
    expect(screen.getByText('3 items')).toBeInTheDocument();
  });

  it('counts an accepted offer at its agreed price, not the listed one', () => {
    expect(sumPrices([item(100, 'a', 80), item(19.99, 'b')])).toBe(99.99);
    // A list from before offers (no agreedPrice at all) still adds up.
    expect(sumPrices([{ price: 5 }, { price: 0.1, agreedPrice: 0.05 }])).toBe(5.05);
    render(<CartSummary items={[item(100, 'a', 80), item(20.5, 'b')]} />);
    expect(screen.getByTestId('cart-total')).toHaveTextContent('$100.50');
  });
});

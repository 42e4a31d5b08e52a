import type { BuyerProduct } from '@olden/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sumPrices } from '../lib/cart-total';
import { CartSummary } from './cart-summary';

const item = (price: number, id = String(price)) => ({ _id: id, price }) as BuyerProduct;

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
});

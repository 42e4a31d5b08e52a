import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ProductFiltersBar } from './product-filters';

describe('ProductFiltersBar', () => {
  it('lists the categories by label, the spec placeholder first, with the keys as values', () => {
    render(<ProductFiltersBar filters={{}} onChange={vi.fn()} />);
    const options = screen.getAllByRole('option').slice(0, 10);
    expect(options[0]).toHaveTextContent('select a value');
    expect(options[0]).toBeDisabled();
    expect(screen.getByRole('option', { name: 'Home and Living' })).toHaveValue('homeAndLiving');
    expect(screen.getByRole('option', { name: 'Pets and Animal' })).toHaveValue('pets');
    expect(screen.queryByRole('option', { name: 'homeAndLiving' })).not.toBeInTheDocument();
  });

  it('offers "All categories" only while a category is chosen, never as a greyed-out button', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<ProductFiltersBar filters={{}} onChange={onChange} />);
    expect(screen.queryByRole('button', { name: 'All categories' })).not.toBeInTheDocument();
    rerender(<ProductFiltersBar filters={{ category: 'kids', q: 'horse' }} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'All categories' }));
    expect(onChange).toHaveBeenCalledWith({ category: undefined, q: 'horse' });
  });
});

// The place autocomplete (docs/product.md#near-me): suggestions as one types, arrow keys and Enter choose one, Escape
// closes the list, and text typed without choosing stays as typed.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/fetch-mock';
import { PlaceCombobox } from './place-combobox';

const ZURICH = { id: 2657896, name: 'Zürich', region: null, country: 'Switzerland', countryCode: 'CH', lat: 47.37, lng: 8.55 };
const ZURBARAN = { id: 1, name: 'Zurbarán', region: null, country: 'Spain', countryCode: 'ES', lat: 38.9, lng: -6.0 };

function Harness({ onSelect }: { onSelect: (place: { id: number }) => void }) {
  const [text, setText] = useState('');
  return (
    <>
      <label htmlFor="where">Location</label>
      <PlaceCombobox id="where" value={text} onChange={setText} onSelect={(place) => { setText(place.name); onSelect(place); }} />
    </>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('PlaceCombobox', () => {
  it('suggests places for the words typed and chooses one with the arrow keys and Enter', async () => {
    const fetchMock = mockApi({ 'GET /api/places': [ZURICH, ZURBARAN] });
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    const box = screen.getByRole('combobox', { name: 'Location' });
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await userEvent.type(box, 'zur');
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Zürich, Switzerland', 'Zurbarán, Spain']);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toContain('q=zur');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(ZURICH);
    expect(box).toHaveValue('Zürich');
    await waitFor(() => expect(screen.queryAllByRole('option')).toHaveLength(0));
  });

  it('keeps the text typed when no place is chosen, and Escape closes the list', async () => {
    mockApi({ 'GET /api/places': [ZURICH] });
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    const box = screen.getByRole('combobox', { name: 'Location' });
    await userEvent.type(box, 'Zur back lane');
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'true'));
    await userEvent.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{Enter}');
    expect(onSelect).not.toHaveBeenCalled();
    expect(box).toHaveValue('Zur back lane');
  });

  it('leaves no timer behind once it is gone (a page left right after the field lost focus)', () => {
    const set = vi.spyOn(globalThis, 'setTimeout');
    const clear = vi.spyOn(globalThis, 'clearTimeout');
    try {
      const { unmount } = render(<Harness onSelect={vi.fn()} />);
      const box = screen.getByRole('combobox', { name: 'Location' });
      box.focus();
      box.blur();
      const closing = set.mock.calls.findIndex(([, ms]) => ms === 150);
      expect(closing).toBeGreaterThanOrEqual(0);
      unmount();
      expect(clear).toHaveBeenCalledWith(set.mock.results[closing]!.value);
    } finally {
      set.mockRestore();
      clear.mockRestore();
    }
  });
});

import { describe, expect, it, vi } from 'vitest';
import { formatAge, formatDate, formatDateTime, formatPrice, todayIso } from './format';

describe('formatPrice', () => {
  it('formats dollars with two decimals', () => {
    expect(formatPrice(0)).toBe('$0.00');
    expect(formatPrice(12.5)).toBe('$12.50');
    expect(formatPrice(1234.5)).toBe('$1,234.50');
  });

  it('prints whole amounts with cents too, so a card, a product page and the cart agree', () => {
    expect(formatPrice(40)).toBe('$40.00');
    expect(formatPrice(120.5)).toBe('$120.50');
    expect(formatPrice(0.125)).toBe('$0.13');
  });

  it("writes the currency and locale the server names in the page's head", async () => {
    const meta = document.createElement('meta');
    meta.name = 'price-format';
    meta.content = 'EUR de-DE';
    document.head.append(meta);
    try {
      vi.resetModules();
      const format = await import('./format');
      expect(format.formatPrice(1234.5)).toBe('1.234,50\u00a0€');
    } finally {
      meta.remove();
      vi.resetModules();
    }
  });
});

describe('formatDate', () => {
  it('shows a post date as a calendar date in every time zone', () => {
    expect(formatDate('2026-01-05')).toBe('Jan 5, 2026');
    expect(formatDate('2025-12-31T23:30:00.000Z')).toBe('Dec 31, 2025');
  });

  it('shows anything that is not a date as given', () => {
    expect(formatDate('yesterday')).toBe('yesterday');
  });
});

describe('formatAge and todayIso', () => {
  it('counts months', () => {
    expect(formatAge(1)).toBe('1 month');
    expect(formatAge(3)).toBe('3 months');
  });

  it('gives the local date in the date input format', () => {
    expect(todayIso(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe('formatDateTime', () => {
  it('shows a moment with date and time, and anything unreadable as given', () => {
    expect(formatDateTime('2026-01-05T12:00:00.000Z')).toMatch(/^Jan [456], 2026, \d{1,2}:\d{2} [AP]M$/);
    expect(formatDateTime('soon')).toBe('soon');
  });
});

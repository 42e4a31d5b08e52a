// The register password rule, exactly the spec's, and its three messages word for word.
import { describe, expect, it } from 'vitest';
import { LoginBody, Password, PASSWORD_PATTERN, RegisterBody } from './auth.ts';
import { messages } from './messages.ts';

const SPECIALS = '!@#$%^&*';
const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';

/** The spec's rule written out plainly, independent of the regex under test. */
function specAllows(pw: string): boolean {
  const chars = [...pw];
  return (
    chars.length >= 6 &&
    chars.length <= 16 &&
    chars.every((c) => LETTERS.includes(c) || DIGITS.includes(c) || SPECIALS.includes(c)) &&
    chars.some((c) => DIGITS.includes(c)) &&
    chars.some((c) => SPECIALS.includes(c))
  );
}

function firstMessage(value: unknown): string | undefined {
  const r = Password.safeParse(value);
  return r.success ? undefined : r.error.issues[0]?.message;
}

describe('Password', () => {
  it('has the spec messages word for word', () => {
    expect(messages.register.passwordRequired).toBe('This Password field is required');
    expect(messages.register.passwordMin).toBe('Password must me 6 character');
    expect(messages.register.passwordPattern).toBe(
      'Password must be A small letter, a capitel letter and a special character',
    );
  });

  it.each([
    [undefined, 'This Password field is required'],
    ['', 'This Password field is required'],
    [12345678, 'This Password field is required'],
    [null, 'This Password field is required'],
    ['a1!', 'Password must me 6 character'],
    ['ab1!c', 'Password must me 6 character'],
    ['abcdefgh', 'Password must be A small letter, a capitel letter and a special character'],
    ['abcdef12', 'Password must be A small letter, a capitel letter and a special character'],
    ['abcdef!!', 'Password must be A small letter, a capitel letter and a special character'],
    ['abc 12!de', 'Password must be A small letter, a capitel letter and a special character'],
    ['abc12!de(', 'Password must be A small letter, a capitel letter and a special character'],
    ['Pässw0rd!', 'Password must be A small letter, a capitel letter and a special character'],
    ['a1!aaaaaaaaaaaaaa', 'Password must be A small letter, a capitel letter and a special character'],
  ])('%j -> %s', (value, message) => {
    expect(firstMessage(value)).toBe(message);
  });

  it.each(['a1!bcd', '1!1!1!', 'Abcdefghijklm1!@', '!@#$%^&*9', 'ALLCAPS1*', 'lower9%case'])('accepts %s', (pw) => {
    expect(Password.safeParse(pw).success).toBe(true);
  });

  it('agrees with the plainly written rule on 5,000 random candidates', () => {
    // A small seeded generator (mulberry32) keeps the run reproducible.
    let seed = 0x5eed;
    const rand = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
    };
    const alphabet = `${LETTERS}${DIGITS}${SPECIALS} ()-_+=.,;'"é🚀\n`;
    const alphabetChars = [...alphabet];
    let accepted = 0;
    for (let i = 0; i < 5_000; i += 1) {
      const length = Math.floor(rand() * 20);
      let pw = '';
      for (let j = 0; j < length; j += 1) pw += alphabetChars[Math.floor(rand() * alphabetChars.length)];
      const ok = Password.safeParse(pw).success;
      expect(ok, JSON.stringify(pw)).toBe(specAllows(pw));
      expect(PASSWORD_PATTERN.test(pw), JSON.stringify(pw)).toBe(specAllows(pw));
      if (ok) accepted += 1;
    }
    // The generator must actually reach both sides of the rule.
    expect(accepted).toBeGreaterThan(25);
  }, 60_000);
});

describe('RegisterBody and LoginBody', () => {
  const valid = { name: 'Ann', photoURL: 'https://img.example/a.png', email: 'Ann@Example.COM', password: 'abc12!' };

  it('normalises email to lower case and trims the name', () => {
    expect(RegisterBody.parse({ ...valid, name: '  Ann  ' })).toEqual({ ...valid, name: 'Ann', email: 'ann@example.com' });
  });

  it.each([
    ['name', 'This Name field is required'],
    ['photoURL', 'photoURL field is required'],
    ['email', 'This Email field is required'],
    ['password', 'This Password field is required'],
  ])('a missing %s says %s', (field, message) => {
    const r = RegisterBody.safeParse({ ...valid, [field]: undefined });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]).toMatchObject({ path: [field], message });
  });

  it('login only checks that a password is present (old passwords still sign in)', () => {
    expect(LoginBody.safeParse({ email: 'a@example.com', password: 'x' }).success).toBe(true);
    expect(LoginBody.safeParse({ email: 'a@example.com', password: '' }).error?.issues[0]?.message).toBe(
      'This Password field is required',
    );
  });
});

// Display names are one plain line: what a user types as a name ends up in mails and pages of other people.
import { describe, expect, it } from 'vitest';
import { UpdateProfileBody } from './accounts.ts';
import { RegisterBody } from './auth.ts';
import { messages } from './messages.ts';
import { CreateUserBody } from './users.ts';

const CONTROL = 'A name must be one line of text: no line breaks, tabs or other control characters';
const base = { email: 'ann@example.com', photoURL: 'https://img.example/a.png', password: 'Abc#1234' };
const nameIssue = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }, body: unknown) =>
  schema.safeParse(body).error?.issues.find((i) => i.path[0] === 'name')?.message;

describe('display names', () => {
  it.each([
    ['a line break', 'Ann\nVisit https://evil.example'],
    ['a carriage return', 'Ann\r\nBcc: x'],
    ['a tab', 'Ann\tLee'],
    ['NUL', 'Ann\u0000'],
    ['DEL', 'Ann\u007f'],
    ['a C1 control', 'Ann\u0085Lee'],
    ['the line separator', 'Ann\u2028Lee'],
    ['a right-to-left override', 'Ann\u202Egpj.exe'],
  ])('refuse %s, with a message that says why (register, profile, POST /users)', (_what, name) => {
    expect(nameIssue(RegisterBody, { ...base, name })).toBe(CONTROL);
    expect(nameIssue(UpdateProfileBody, { name })).toBe(CONTROL);
    expect(nameIssue(CreateUserBody, { ...base, name })).toBe(CONTROL);
    expect(messages.nameControl).toBe(CONTROL);
  });

  it('keep the spec messages and accept ordinary names in any script, emoji included', () => {
    expect(nameIssue(RegisterBody, { ...base, name: '' })).toBe('This Name field is required');
    expect(nameIssue(RegisterBody, { ...base, name: 'x'.repeat(101) })).toBe(messages.tooLong(100));
    for (const name of ['Ann Lee', 'Zoë O’Brien-Smith', 'مرحبا', '李小龍', '👩‍💻 Dev', '  Ann  ']) {
      expect(RegisterBody.safeParse({ ...base, name }).success, name).toBe(true);
    }
    expect(RegisterBody.parse({ ...base, name: ' Ann\n' }).name).toBe('Ann');
  });
});

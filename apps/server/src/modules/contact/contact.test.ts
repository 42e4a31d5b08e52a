import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema.ts';
import { createTestApp, type TestApp, useTestApp } from '../../test/harness.ts';
import { bodyOf, headersOf, startSmtp } from '../../test/smtp.ts';

const message = {
  name: 'Grace Hopper',
  email: 'Grace@Example.com',
  subject: 'Is the brass lamp still available?',
  phone: '+1 (555) 010-2030',
  message: 'Hello,\nI would like to see the lamp on Saturday.\nThanks!',
};

async function rowsFrom(t: TestApp, email: string) {
  return t.database.db.select().from(contactMessages).where(eq(contactMessages.email, email));
}

describe('POST /api/contact without SMTP', () => {
  const getApp = useTestApp();

  it('stores the message with the IP and replies text OK', async () => {
    const t = getApp();
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: message, remoteAddress: '10.1.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe('OK');
    const rows = await rowsFrom(t, 'grace@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Grace Hopper',
      subject: message.subject,
      phone: message.phone,
      message: message.message,
      ip: '10.1.0.1',
      mailedAt: null,
    });
  });

  it('every field is required, with its message; nothing is stored', async () => {
    const t = getApp();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...message, name: '' }, 'name', 'This Name field is required'],
      [{ ...message, email: undefined }, 'email', 'This Email field is required'],
      [{ ...message, email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
      [{ ...message, subject: '   ' }, 'subject', 'This Subject field is required'],
      [{ ...message, phone: undefined }, 'phone', 'This Phone Number field is required'],
      [{ ...message, message: undefined }, 'message', 'This Message field is required'],
      [{ ...message, message: 'x'.repeat(100_000) }, 'message', 'Must be at most 5000 characters'],
      [{ ...message, name: { $gt: '' } }, 'name', 'This Name field is required'],
    ];
    for (const [payload, path, text] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress: '10.1.0.2' });
      expect(res.statusCode, path).toBe(400);
      expect(res.json().details, path).toEqual(expect.arrayContaining([{ path, message: text }]));
    }
    expect(await rowsFrom(t, 'grace@example.com')).toHaveLength(1);
    // The phone field may come as a number, as the spec's form sends it.
    const numeric = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...message, email: 'numeric@example.com', phone: 5550102030 },
      remoteAddress: '10.1.0.2',
    });
    expect(numeric.statusCode).toBe(200);
    expect((await rowsFrom(t, 'numeric@example.com'))[0]?.phone).toBe('5550102030');
  });

  it('per-IP budget: the 6th message in 10 minutes is 429 with Retry-After and is not stored', async () => {
    const t = getApp();
    const from = (ip: string, i: number) =>
      t.app.inject({ method: 'POST', url: '/api/contact', payload: { ...message, email: `budget${i}@example.com` }, remoteAddress: ip });
    for (let i = 0; i < 5; i++) expect((await from('10.9.9.9', i)).statusCode).toBe(200);
    const refused = await from('10.9.9.9', 5);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await rowsFrom(t, 'budget5@example.com')).toHaveLength(0);
    expect((await from('10.9.9.10', 6)).statusCode).toBe(200);
  });
});

describe('POST /api/contact with SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_TO: 'team@olden.example', ADMIN_EMAILS: 'boss@olden.example' });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('mails the message to MAIL_TO over a real SMTP conversation and records mailed_at', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: message });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('OK');
    expect(smtp.delivered).toHaveLength(1);
    const mail = smtp.delivered[0]!;
    expect(mail.mailFrom).toBe('no-reply@localhost');
    expect(mail.rcptTo).toEqual(['team@olden.example']);
    const headers = headersOf(mail.raw);
    expect(headers.get('from')).toBe('Olden Goods <no-reply@localhost>');
    expect(headers.get('to')).toBe('team@olden.example');
    expect(headers.get('reply-to')).toBe('Grace Hopper <grace@example.com>');
    expect(headers.get('subject')).toBe('[Olden Goods] Is the brass lamp still available?');
    const body = bodyOf(mail.raw);
    expect(body).toContain('Name: Grace Hopper');
    expect(body).toContain('Email: grace@example.com');
    expect(body).toContain('Phone: +1 (555) 010-2030');
    expect(body).toContain('I would like to see the lamp on Saturday.');
    const [row] = await rowsFrom(t, 'grace@example.com');
    expect(row?.mailedAt).toBeInstanceOf(Date);
  });

  it('a newline in the subject cannot add a header or a recipient', async () => {
    const before = smtp.delivered.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { ...message, email: 'mallory@example.com', subject: 'Hi\r\nBcc: victim@example.com\r\nX-Evil: 1' },
    });
    expect(res.statusCode).toBe(200);
    const mail = smtp.delivered[before]!;
    expect(mail.rcptTo).toEqual(['team@olden.example']);
    const headers = headersOf(mail.raw);
    expect(headers.has('bcc')).toBe(false);
    expect(headers.has('x-evil')).toBe(false);
  });

  it('refused messages are neither stored nor mailed', async () => {
    const before = smtp.delivered.length;
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { ...message, email: 'nobody@example.com', message: '' } });
    expect(res.statusCode).toBe(400);
    expect(smtp.delivered.length).toBe(before);
    expect(await rowsFrom(t, 'nobody@example.com')).toHaveLength(0);
  });
});

describe('POST /api/contact: default recipient and a mail server that is down', () => {
  it('mails the first ADMIN_EMAILS entry when MAIL_TO is unset; with SMTP down the message is kept and the reply is still OK', async () => {
    const smtp = await startSmtp();
    const t = await createTestApp({ SMTP_URL: smtp.url, ADMIN_EMAILS: 'first@olden.example,second@olden.example', MAIL_FROM: 'Shop <shop@olden.example>' });
    try {
      expect((await t.app.inject({ method: 'POST', url: '/api/contact', payload: message })).body).toBe('OK');
      expect(smtp.delivered.map((d) => [d.mailFrom, d.rcptTo])).toEqual([['shop@olden.example', ['first@olden.example']]]);

      await smtp.close();
      const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { ...message, email: 'later@example.com' } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('OK');
      const [row] = await rowsFrom(t, 'later@example.com');
      expect(row).toBeDefined();
      expect(row?.mailedAt).toBeNull();
    } finally {
      await t.close();
    }
  }, 120_000);
});

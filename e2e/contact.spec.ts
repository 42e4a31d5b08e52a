import { expect, test } from '@playwright/test';
import { saveScreenshot } from './helpers';

test('contact form validates and sends', async ({ page }, testInfo) => {
  await page.goto('/contactUs');
  await expect(page).toHaveTitle('Olden Goods | Contact Us');
  for (const card of ['Address', 'Phone', 'E-mail']) await expect(page.getByRole('heading', { name: card, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('This Subject field is required')).toBeVisible();
  await saveScreenshot(page, testInfo, 'contact');

  await page.getByLabel('Name').fill('Cora Contact');
  await page.getByLabel('Email').fill('cora@example.com');
  await page.getByLabel('Subject').fill('Shipping question');
  await page.getByLabel('Phone').fill('+1 555 0142');
  await page.getByLabel('Message').fill('Do sellers ship abroad?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('heading', { name: 'Good job! Message has been sent successfully!' })).toBeVisible();
});

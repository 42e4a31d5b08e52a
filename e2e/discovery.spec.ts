// Favourites and saved searches in the browser (docs/product.md#favourites-and-saved-searches): a buyer hearts a
// listing and finds it in Favourites; a signed-out visitor is sent to sign in and comes back; a buyer saves a search,
// another user lists a match, the alert arrives live and by mail, and the mail's one-click link turns it off.
import { expect, test } from '@playwright/test';
import { createProducts, DEMO_ADMIN, DEMO_USER, expectNoSeriousViolations, loginViaForm, mailsTo, uniqueWord } from './helpers';

test('a buyer hearts a listing on the timeline and finds it in Favourites', async ({ page, baseURL }) => {
  const word = uniqueWord('fav');
  await createProducts(baseURL!, DEMO_ADMIN, [{ name: `${word} pine dresser`, price: '140' }]);
  await page.goto('/login');
  await loginViaForm(page, DEMO_USER);
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto(`/timeline?q=${word}`);
  const heart = page.getByRole('button', { name: `Save ${word} pine dresser to favourites` });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  // Still pressed once the page is opened again (the user's favourites come from the server).
  await page.reload();
  await expect(page.getByRole('button', { name: `Save ${word} pine dresser to favourites` })).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/dashboard/favourites');
  await expect(page.getByRole('heading', { name: 'Favourites', level: 1 })).toBeVisible();
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: `${word} pine dresser` }) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Still for sale')).toBeVisible();
  await expectNoSeriousViolations(page, 'Favourites');

  // Removed from Favourites, the heart is no longer pressed.
  await row.getByRole('button', { name: `Remove ${word} pine dresser from favourites` }).click();
  await expect(row).toHaveCount(0);
  await page.goto(`/timeline?q=${word}`);
  await expect(page.getByRole('button', { name: `Save ${word} pine dresser to favourites` })).toHaveAttribute('aria-pressed', 'false');
});

test('a signed-out visitor who presses a heart is sent to sign in and comes back', async ({ page, baseURL }) => {
  const word = uniqueWord('favout');
  const [id] = await createProducts(baseURL!, DEMO_ADMIN, [{ name: `${word} oak stool` }]);
  await page.goto(`/productDetails/${id}`);
  await page.getByRole('button', { name: `Save ${word} oak stool to favourites` }).click();
  await expect(page).toHaveURL(/\/login/);
  await loginViaForm(page, DEMO_USER);
  await expect(page).toHaveURL(new RegExp(`/productDetails/${id}$`));
});

test('a saved search alerts live and by mail; the mail opens the timeline and its link turns the alert off', async ({ page, baseURL }) => {
  const word = uniqueWord('alert');
  await page.goto('/login');
  await loginViaForm(page, DEMO_USER);
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto(`/timeline?q=${word}`);
  const save = page.getByRole('group', { name: 'Save this search' });
  await expect(save.getByLabel('Alert for this search', { exact: true })).toHaveValue('instant');
  await save.getByRole('button', { name: 'Save this search' }).click();
  await expect(page.getByText('Search saved')).toBeVisible();

  // Another user lists a match: the alert reaches the open page at once.
  const since = Date.now();
  await createProducts(baseURL!, DEMO_ADMIN, [{ name: `${word} brass lamp`, price: '35' }]);
  await expect(page.getByText(new RegExp(`New for .${word}.: ${word} brass lamp`))).toBeVisible({ timeout: 30_000 });

  // And by mail, within the minute the issue allows: a link to the timeline with the filters, and one to unsubscribe.
  const alertMail = () => mailsTo(DEMO_USER.email, since).find((mail) => mail.text.includes(`${word} brass lamp`));
  await expect.poll(alertMail, { message: 'the alert mail in the outbox', timeout: 60_000 }).toBeTruthy();
  const mail = alertMail()!;
  expect(mail.subject).toContain(word);
  const more = mail.links.find((link) => new URL(link).pathname === '/timeline');
  const unsubscribe = mail.links.find((link) => new URL(link).pathname === '/unsubscribe');
  expect(more, mail.links.join(' ')).toBeTruthy();
  expect(unsubscribe, mail.links.join(' ')).toBeTruthy();

  await page.goto(more!);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${word}`));
  await expect(page.getByRole('link', { name: new RegExp(`View Details of ${word} brass lamp`) })).toBeVisible();

  // One click, no sign-in needed: a fresh context without the session.
  const stranger = await page.context().browser()!.newPage();
  await stranger.goto(unsubscribe!);
  await expect(stranger.getByText(`You will get no more alerts for “${word}”.`)).toBeVisible();
  await stranger.close();

  await page.goto('/dashboard/savedSearches');
  await expect(page.getByLabel(`Alert for ${word}`, { exact: true })).toHaveValue('off');
  await expectNoSeriousViolations(page, 'Saved Searches');
});

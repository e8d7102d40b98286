import { expect, test } from '../../fixtures/test.ts';

const publicRoutes: Array<[string, string]> = [
  ['/about', 'About'],
  ['/document', 'Document'],
  ['/business', 'Business Partners'],
  ['/developers', 'Developers'],
  ['/faqs', 'FAQs'],
  ['/contact', 'Contact Us'],
  ['/creator', "Creator's World"],
];

test('Home shows its hero heading and calls to action', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Put your games and 3D worlds into the real one');
  await expect(page).toHaveTitle('Home · Lumora Partner Portal');
  const hero = page.locator('.hero');
  await expect(hero.getByRole('link', { name: 'Start Submission' })).toHaveAttribute('href', '/start-submission');
  await expect(hero.getByRole('link', { name: 'Business Partners' })).toHaveAttribute('href', '/business');
  await expect(hero.getByRole('link', { name: "Creator's World" })).toHaveAttribute('href', '/creator');
  await expect(hero.getByRole('link', { name: /App Store/ })).toHaveAttribute('href', /apps\.apple\.com/);
  await expect(hero.getByRole('link', { name: /Google Play/ })).toHaveAttribute('href', /play\.google\.com/);
  await expect(hero.getByRole('link', { name: 'Official site' })).toHaveAttribute('href', 'https://www.lumora.example');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0);
});

for (const [path, title] of publicRoutes) {
  test(`${path} shows the banner "${title}" with a breadcrumb from Home`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText(title);
    await expect(page).toHaveTitle(`${title} · Lumora Partner Portal`);
  });
}

test('the header navigation reaches every public page', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [label, heading] of <Array<[string, string]>>[
    ['Business Partners', 'Business Partners'],
    ["Creator's World", "Creator's World"],
    ['Developers', 'Developers'],
    ['FAQs', 'FAQs'],
    ['Contact Us', 'Contact Us'],
  ]) {
    await nav.getByRole('link', { name: label, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  }
  await nav.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await nav.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Put your games/);
});

test('an unknown path lands on Home', async ({ page }) => {
  await page.goto('/this/page/does-not-exist?x=1');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Put your games/);
});

for (const path of [
  '/developers/my-project',
  '/profile',
  '/start-submission',
  '/developers/my-project/detail?name=Orbit&id=1&type=game',
]) {
  test(`a signed-out visitor opening ${path} is sent to login with the redirect`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(path)}`);
  });
}

test('the footer shows the store links and the current year', async ({ page }) => {
  await page.goto('/faqs');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Lumora Limited`);
  await expect(footer.getByRole('link', { name: /App Store/ })).toHaveAttribute('href', /apps\.apple\.com/);
  await expect(footer.getByRole('link', { name: /Google Play/ })).toHaveAttribute('href', /play\.google\.com/);
});

test('on a phone the navigation opens from the menu button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await nav.getByRole('link', { name: 'FAQs' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('FAQs');
  await expect(nav).toBeHidden();
});

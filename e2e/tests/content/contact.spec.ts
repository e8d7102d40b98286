import { horizontalOverflow, VIEWPORTS } from '../../fixtures/layout.ts';
import { expect, test } from '../../fixtures/test.ts';

const SENT = 'Your partnership enquiry have been sent, we will get back you soon, thanks!';

// the enquiries of this file go to one mailbox: its tests count them in turn, never beside each other
test.describe.configure({ mode: 'default' });

for (const path of ['/contact', '/business']) {
  test(`${path}: an empty form shows every required message and sends nothing`, async ({ page, outbox }) => {
    const enquiries = async () => (await outbox()).filter((mail) => mail.to === 'partners@lumora.example').length;
    const before = await enquiries();
    await page.goto(path);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('please complete the form')).toBeVisible();
    await expect(page.getByText('Please input name')).toBeVisible();
    await expect(page.getByText('Please input the email')).toBeVisible();
    await expect(page.getByText('Please input description')).toBeVisible();
    await expect(page.getByLabel('Name')).toBeFocused();
    expect(await enquiries()).toBe(before);
  });
}

test('a malformed email shows "Incorrect email format" until it is fixed', async ({ page }) => {
  await page.goto('/contact');
  const email = page.getByLabel('Email');
  await email.fill('mia@northlight');
  await email.blur();
  await expect(page.getByText('Incorrect email format')).toBeVisible();
  await email.fill('mia@northlight.example');
  await expect(page.getByText('Incorrect email format')).toBeHidden();
});

test('a complete enquiry is sent, mailed to the partner team, and the visitor goes Home', async ({ page, outbox }) => {
  await page.goto('/contact');
  await page.getByLabel('Name').fill('Mia Chen');
  await page.getByLabel('Company').fill('Northlight Studio');
  await page.getByLabel('Phone number').fill('+852 5555 0101');
  await page.getByLabel('Email').fill('mia@northlight.example');
  await page.getByLabel('Description').fill('We would like to run an AR poster campaign in Central.');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText(SENT)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const mail = (await outbox()).find((sent) => sent.to === 'partners@lumora.example');
  expect(mail?.to).toBe('partners@lumora.example');
  expect(mail?.subject).toBe('Partnership enquiry from Mia Chen (Northlight Studio)');
});

test('the Business Partners page explains what businesses can do', async ({ page }) => {
  await page.goto('/business');
  for (const topic of ['Billboards and posters', 'Events', 'Coupons in the wallet', 'Token fountains']) {
    await expect(page.getByRole('heading', { name: topic })).toBeVisible();
  }
});

for (const [width, viewport] of Object.entries(VIEWPORTS)) {
  test(`Business Partners: "How we work together" stands clear of the cards above it (${width})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/business');
    const lastCard = page.getByRole('article').filter({ hasText: 'Token fountains' });
    const heading = page.getByRole('heading', { name: 'How we work together' });
    const cardBox = await lastCard.boundingBox();
    const headingBox = await heading.boundingBox();
    // at least the room a paragraph leaves before a heading
    expect((headingBox?.y ?? 0) - ((cardBox?.y ?? 0) + (cardBox?.height ?? 0))).toBeGreaterThanOrEqual(24);
    expect(await horizontalOverflow(page)).toEqual([]);
  });
}

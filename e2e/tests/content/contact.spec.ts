import { expect, test } from '../../fixtures/test.ts';

const SENT = 'Your partnership enquiry have been sent, we will get back you soon, thanks!';

for (const path of ['/contact', '/business']) {
  test(`${path}: an empty form shows every required message and sends nothing`, async ({ page, outbox }) => {
    const before = (await outbox()).length;
    await page.goto(path);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('please complete the form')).toBeVisible();
    await expect(page.getByText('Please input name')).toBeVisible();
    await expect(page.getByText('Please input the email')).toBeVisible();
    await expect(page.getByText('Please input description')).toBeVisible();
    await expect(page.getByLabel('Name')).toBeFocused();
    expect((await outbox()).length).toBe(before);
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
  const [mail] = await outbox();
  expect(mail?.to).toBe('partners@lumora.example');
  expect(mail?.subject).toBe('Partnership enquiry from Mia Chen (Northlight Studio)');
});

test('the Business Partners page explains what businesses can do', async ({ page }) => {
  await page.goto('/business');
  for (const topic of ['Billboards and posters', 'Events', 'Coupons in the wallet', 'Token fountains']) {
    await expect(page.getByRole('heading', { name: topic })).toBeVisible();
  }
});

import { expect, registerPartner, signIn, test } from '../../fixtures/test.ts';

test('a partner edits the profile', async ({ page, request }) => {
  const partner = await registerPartner(request);
  await signIn(page, partner);
  await page.goto('/developers');
  await page.getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edit Profile');
  const form = page.getByRole('form', { name: 'Edit Profile' });
  await expect(form.getByText(partner.email)).toBeVisible();
  await expect(form.getByLabel('First name')).toHaveValue('Mia');
  await form.getByLabel('First name').fill('Mina');
  await form.getByLabel('Registered business name').fill('Northlight Games Ltd');
  await form.getByLabel('Registered address').fill('2 Nathan Road, Kowloon');
  await form.getByLabel('Introduce').fill('');
  await form.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Update Successfully')).toBeVisible();
  await page.reload();
  await expect(form.getByLabel('First name')).toHaveValue('Mina');
  await expect(form.getByLabel('Registered business name')).toHaveValue('Northlight Games Ltd');
  await expect(form.getByLabel('Introduce')).toHaveValue('');
});

test('the profile form shows its messages and saves nothing while invalid', async ({ page, request }) => {
  const partner = await registerPartner(request);
  await signIn(page, partner);
  await page.goto('/profile');
  const form = page.getByRole('form', { name: 'Edit Profile' });
  await form.getByLabel('First name').fill('');
  await form.getByLabel('Last name').fill('');
  await form.getByLabel('Registered address').fill('');
  await form.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('please complete the form')).toBeVisible();
  await expect(form.getByText('Please input first name')).toBeVisible();
  await expect(form.getByText('Please input last name')).toBeVisible();
  await expect(form.getByText('Please input registered address')).toBeVisible();
  const profile = await request.get('/api/Access/Profile', {
    headers: { authorization: `Bearer ${partner.accessToken}` },
  });
  expect(await profile.json()).toMatchObject({ firstName: 'Mia', lastName: 'Chen' });
});

test('the payout account alert leads an unconnected partner to /stripe', async ({ page, request }) => {
  const partner = await registerPartner(request);
  await signIn(page, partner);
  await page.goto('/profile');
  await page.getByRole('link', { name: /Your Stripe account is not connected/ }).click();
  await expect(page).toHaveURL(/\/stripe$/);
});

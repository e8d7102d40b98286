import { horizontalOverflow, VIEWPORTS } from '../../fixtures/layout.ts';
import { readOutbox } from '../../fixtures/mail.ts';
import { PASSWORD } from '../../fixtures/partners.ts';
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

for (const [width, viewport] of Object.entries(VIEWPORTS)) {
  test(`a signed-in partner changes the password on Edit Profile (${width}): other sessions end, a mail says so`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const partner = await registerPartner(request);
    const elsewhere = await request.post('/api/Access/Login', { data: { email: partner.email, password: PASSWORD } });
    const otherToken = ((await elsewhere.json()) as { accessToken: string }).accessToken;
    await signIn(page, partner);
    await page.goto('/profile');
    const form = page.getByRole('form', { name: 'Change password' });
    await expect(form.getByRole('heading', { name: 'Change password' })).toBeVisible();
    expect(await horizontalOverflow(page)).toEqual([]);

    // the rules of the form first: nothing is sent
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect(form.getByText('Please input your current password')).toBeVisible();
    await form.getByLabel('Current password').fill('Wrong1234');
    await form.getByLabel('New password').fill('Fresh4567');
    await form.getByLabel('Confirm password').fill('Fresh4568');
    await expect(form.getByText("Two inputs don't match!")).toBeVisible();
    await form.getByLabel('Confirm password').fill('Fresh4567');
    // the server's refusal: the wrong current password
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('The current password is incorrect.')).toBeVisible();
    expect(
      (await request.get('/api/Access/Profile', { headers: { authorization: `Bearer ${otherToken}` } })).status(),
    ).toBe(200);

    await form.getByLabel('Current password').fill(PASSWORD);
    // a second submit within CLICK_THROTTLE_MS of the first is not sent: try again until one is
    await expect(async () => {
      await form.getByRole('button', { name: 'Change Password' }).click();
      await expect(page.getByText('Your password was changed. Your other sessions were signed out.')).toBeVisible({
        timeout: 2000,
      });
    }).toPass();
    await expect(form.getByLabel('Current password')).toHaveValue('');
    await expect(form.getByLabel('New password')).toHaveValue('');
    await page.screenshot({ path: `test-results/change-password-${width}.png`, fullPage: true });

    // this page stays signed in; the other session has ended; the new password signs in
    await page.reload();
    await expect(page.getByRole('form', { name: 'Edit Profile' })).toBeVisible();
    expect(
      (await request.get('/api/Access/Profile', { headers: { authorization: `Bearer ${otherToken}` } })).status(),
    ).toBe(401);
    const relogin = await request.post('/api/Access/Login', { data: { email: partner.email, password: 'Fresh4567' } });
    expect(relogin.status()).toBe(200);
    const mails = await readOutbox(request);
    expect(mails.some((mail) => mail.to === partner.email && mail.subject.includes('password was changed'))).toBe(true);
  });
}

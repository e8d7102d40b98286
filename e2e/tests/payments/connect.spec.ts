import { expect, readOutbox, registerPartner, signIn, test } from '../../fixtures/test.ts';

test('a new partner is sent to connect Stripe, connects in the sandbox and can start submitting', async ({
  page,
  request,
  context,
}) => {
  const partner = await registerPartner(request);
  await signIn(page, partner);
  await page.goto('/start-submission');
  await expect(page.getByText('Please connect the stripe account first.')).toBeVisible();
  await expect(page).toHaveURL(/\/stripe$/);

  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Connect a Stripe Standard account' })).toBeVisible();
  await page.getByRole('button', { name: 'Authorize' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Stripe connect successfully.' })).toBeVisible();
  await expect(page).toHaveURL(/\/start-submission$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Start Submission');

  await page.goto('/developers/my-project');
  await expect(page.getByRole('heading', { name: `Welcome, ${partner.firstName}` })).toBeVisible();
  const [dashboard] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'Your Stripe Account' }).click(),
  ]);
  await expect(dashboard.getByRole('heading', { name: 'Your Stripe dashboard' })).toBeVisible();

  await page.goto('/stripe');
  await expect(page.getByText('Account connected')).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByText('Your Stripe account is connected.')).toBeVisible();
});

test('My Projects hides "Your Stripe Account" until an account is connected', async ({ page, request }) => {
  const partner = await registerPartner(request);
  await signIn(page, partner);
  await page.goto('/developers/my-project');
  await expect(page.getByRole('heading', { name: `Welcome, ${partner.firstName}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create New Project' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Manage Tester' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Your Stripe Account' })).toHaveCount(0);
});

test('denying on Stripe shows the failure and goes back to /stripe', async ({ page, request }) => {
  const partner = await registerPartner(request);
  await signIn(page, partner);
  await page.goto('/stripe');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await page.getByRole('button', { name: 'Deny' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to connect to stripe account' })).toBeVisible();
  await expect(page).toHaveURL(/\/stripe$/);
  await expect(page.getByRole('heading', { name: 'Connect your Stripe account' })).toBeVisible();
});

test('with stay, a failure stays on the callback page with a try-again link', async ({ page, request }) => {
  const partner = await registerPartner(request);
  await signIn(page, partner);
  await page.goto('/stripe-connected?error=access_denied&stay=true');
  await expect(page.getByRole('heading', { name: 'Failed to connect to stripe account' })).toBeVisible();
  await expect(page.getByText('The connection was declined on Stripe.')).toBeVisible();
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page).toHaveURL(/\/stripe$/);
});

test('a code that is not ours fails and the partner stays unconnected', async ({ page, request }) => {
  const partner = await registerPartner(request);
  await signIn(page, partner);
  await page.goto('/stripe-connected?code=ac_forged&scope=read_write&state=forged&stay=1');
  await expect(page.getByRole('heading', { name: 'Failed to connect to stripe account' })).toBeVisible();
  await expect(
    page.getByText('This connection link is unknown, expired or already used, please start again.'),
  ).toBeVisible();
  const profile = await request.get('/api/Access/Profile', {
    headers: { authorization: `Bearer ${partner.accessToken}` },
  });
  expect(await profile.json()).toMatchObject({ connectedToStripe: false });
});

test('the connection link can be mailed to someone else', async ({ page, request }) => {
  const partner = await registerPartner(request);
  await signIn(page, partner);
  await page.goto('/stripe');
  const form = page.getByRole('form', { name: 'Send the link by email' });
  await form.getByRole('button', { name: 'Send Email' }).click();
  await expect(form.getByText('Please input the email')).toBeVisible();
  await expect(form.getByText('Please select the account type')).toBeVisible();
  await form.getByLabel('Email').fill('finance@northlight');
  await expect(form.getByText('Incorrect email format')).toBeVisible();
  const finance = `finance-${Date.now()}@northlight.example`;
  await form.getByLabel('Email').fill(finance);
  await form.getByLabel('Account type').selectOption('Express');
  await form.getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByText(`Stripe connection link has been sent to ${finance}.`)).toBeVisible();
  await expect(page.getByText('Stripe connection link has been sent to your email.')).toHaveCount(0);
  const mail = (await readOutbox(request)).find((m) => m.to === finance);
  expect(mail?.text).toMatch(/Connect with Stripe: http:\/\/localhost:\d+\/sandbox\/stripe\/connect\?state=/);
});

test("a link mailed to the account's own address, whatever its case, is announced in SPEC's words", async ({
  page,
  request,
}) => {
  const partner = await registerPartner(request);
  await signIn(page, partner);
  await page.goto('/stripe');
  const form = page.getByRole('form', { name: 'Send the link by email' });
  await form.getByLabel('Email').fill(partner.email.toUpperCase());
  await form.getByLabel('Account type').selectOption('Standard');
  await form.getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByText('Stripe connection link has been sent to your email.')).toBeVisible();
  await expect(page.getByText(/Stripe connection link has been sent to .*@/)).toHaveCount(0);
});

for (const path of [
  '/start-submission',
  '/developers/my-project/submission',
  '/developers/my-project/3D-model-submission',
  '/developers/my-project/version?prodId=1&vId=1&type=game',
]) {
  test(`an unconnected partner opening ${path} is sent to /stripe`, async ({ page, request }) => {
    const partner = await registerPartner(request);
    await signIn(page, partner);
    await page.goto(path);
    await expect(page).toHaveURL(/\/stripe$/);
    await expect(page.getByText('Please connect the stripe account first.')).toBeVisible();
  });
}

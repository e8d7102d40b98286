import { expect, registerPartner, signIn, test } from '../../fixtures/test.ts';

/**
 * A month of placement end to end: bought through the sandbox checkout, a stage placed on the map page and
 * published, shown to the AR app, and expired (with its mail) when the server's placement clock moves a month on.
 * In the `clock` project: it runs after every other test, since it moves the clock they read.
 */
test('buys a month, places and publishes a stage, and sees it expire a month later', async ({
  page,
  request,
  outbox,
}) => {
  const partner = await registerPartner(request);
  await signIn(page, partner);
  await page.goto('/vps');
  const panel = page.getByRole('region', { name: 'AR placement' });
  await expect(panel.getByText('Not subscribed')).toBeVisible();

  await panel.getByRole('button', { name: 'Buy one month' }).click();
  await expect(page).toHaveURL(/\/sandbox\/stripe\/checkout\//);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(panel.getByText(/^Active until /)).toBeVisible();

  const stages = page.getByRole('region', { name: 'Stages' });
  await stages.getByRole('link', { name: 'Create stage', exact: true }).click();
  const form = page.getByRole('form', { name: 'New stage' });
  await form.getByLabel('Stage name').fill('Clock Tower');
  await form.getByLabel('Latitude').fill('22.29370');
  await form.getByLabel('Longitude').fill('114.16950');
  await form.getByRole('button', { name: 'Generate an anchor id' }).click();
  await form.getByRole('button', { name: 'Add content' }).click();
  const adding = page.getByRole('dialog', { name: 'Add content' });
  await adding.getByRole('radio', { name: 'Special Utilities' }).check();
  await adding.getByRole('radio', { name: 'Information board' }).check();
  await adding.getByRole('button', { name: 'Add to stage' }).click();
  await page.getByRole('button', { name: 'Save stage' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'VPS created successfully' })).toBeVisible();

  const card = stages.getByRole('article', { name: 'Clock Tower' });
  await expect(card.getByText('Draft', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Publish Clock Tower' }).click();
  await expect(card.getByText('Published', { exact: true })).toBeVisible();

  const nearby = async () =>
    (
      (await (await request.get('/game/api/Stage/Nearby?lat=22.2937&lng=114.1695&radius=200')).json()) as {
        data: Array<{ name: string }>;
      }
    ).data.map((stage) => stage.name);
  expect(await nearby()).toContain('Clock Tower');

  // a month and a day later
  const moved = await request.post('/testing/clock', { data: { advanceDays: 32 } });
  expect(moved.ok(), await moved.text()).toBe(true);

  await page.reload();
  await expect(card.getByText('Expired', { exact: true })).toBeVisible();
  await expect(panel.getByText('Not subscribed')).toBeVisible();
  expect(await nearby()).not.toContain('Clock Tower');
  const mails = (await outbox()).filter((mail) => mail.to === partner.email.toLowerCase());
  expect(mails.map((mail) => mail.subject)).toContain('Your stage “Clock Tower” has ended');
});

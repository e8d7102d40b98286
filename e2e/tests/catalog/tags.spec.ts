import { expect, registerConnectedPartner, signIn, test } from '../../fixtures/test.ts';

test('the tags field shows each tag as it will be stored while it is typed', async ({ page, request }) => {
  await signIn(page, await registerConnectedPartner(request));
  await page.goto('/developers/my-project/3D-model-submission');
  const form = page.getByRole('form', { name: 'New 3D model' });
  const tags = form.getByRole('textbox', { name: 'Tags' });
  const added = form.getByRole('list', { name: 'Tags added' }).getByRole('listitem');

  await tags.fill('family fun');
  await expect(tags).toHaveAccessibleDescription('Enter adds familyfun (spaces are removed from tags)');
  await tags.press('Enter');
  await expect(added).toHaveCount(1);
  await expect(added.getByRole('button', { name: 'Remove tag familyfun' })).toBeVisible();
  await expect(tags).toHaveAccessibleDescription(/^Press Enter or a comma to add a tag/);

  await tags.fill('Family Fun');
  await expect(tags).toHaveAccessibleDescription('“FamilyFun” is already added');
  await tags.press('Enter');
  await expect(added).toHaveCount(1);

  await tags.fill('x'.repeat(41));
  await expect(tags).toHaveAccessibleDescription('Each tag must be at most 40 characters');
  await tags.press('Enter');
  await expect(form.getByRole('alert').filter({ hasText: 'Each tag must be at most 40 characters' })).toBeVisible();
  await expect(added).toHaveCount(1);
});

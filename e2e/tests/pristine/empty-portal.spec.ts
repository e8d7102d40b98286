import { expect, test } from '../../fixtures/test.ts';

// The `pristine` project runs before every other test, on a server where nothing has been released yet.

test('Developers shows an empty Recent Projects gallery until something is released', async ({ page, request }) => {
  expect(
    ((await (await request.get('/api/Product/Recent?PageIndex=1&PageSize=4')).json()) as { totalCount: number })
      .totalCount,
  ).toBe(0);
  await page.goto('/developers');
  await expect(page.getByRole('heading', { name: 'Recent Projects' })).toBeVisible();
  await expect(page.getByText('No projects have been released yet.')).toBeVisible();
});

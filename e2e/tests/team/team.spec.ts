import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { AUDIT_PATH, INVITATION_PATH, TEAM_PATH, teamMessages } from '@portal/contracts';
import {
  authHeaders,
  expect,
  invitationToken,
  registerPartner,
  shootTeamPage,
  signIn,
  test,
} from '../../fixtures/test.ts';

const accountMenu = async (page: Page) => {
  const trigger = page.getByRole('button', { name: 'My Account' });
  if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click();
  const id = await trigger.getAttribute('aria-controls');
  return page.locator(`[id="${id}"]`);
};

test('an owner invites a Finance member, who joins, switches studio and reaches only what Finance may', async ({
  page,
  browser,
  request,
}) => {
  const studioName = `Aurora Works ${randomUUID().slice(0, 6)}`;
  const owner = await registerPartner(request, { firstName: 'Olive', registeredBusinessName: studioName });
  const member = await registerPartner(request, { firstName: 'Finn' });

  // the owner invites the person as Finance from the Team page
  await signIn(page, owner);
  await page.goto(TEAM_PATH);
  await expect(page.getByRole('heading', { name: studioName })).toBeVisible();
  const invite = page.getByRole('form', { name: 'Invite' });
  await invite.getByLabel('Email').fill(member.email);
  await invite.getByLabel('Role').selectOption('Finance');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(teamMessages.invited)).toBeVisible();
  const invitations = page.getByRole('region', { name: 'Open invitations' });
  await expect(invitations.getByRole('row', { name: new RegExp(member.email) })).toContainText('Finance');
  // inviting them twice is refused beside the email (a send right after the last one is throttled: asked again)
  await expect(invite.getByLabel('Email')).toHaveValue('');
  await invite.getByLabel('Email').fill(member.email);
  await invite.getByLabel('Role').selectOption('Developer');
  await expect(async () => {
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(invite.getByText('already', { exact: false })).toBeVisible({ timeout: 1000 });
  }).toPass();
  await shootTeamPage(page, 'team-owner');

  // the person opens the mail's link signed out, signs in and comes back to join
  const token = await invitationToken(request, member.email);
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await memberPage.goto(`${INVITATION_PATH}?${new URLSearchParams({ token })}`);
  await expect(memberPage.getByRole('heading', { name: 'You are invited to a studio' })).toBeVisible();
  await shootTeamPage(memberPage, 'invitation-signed-out');
  await memberPage.getByRole('link', { name: 'Sign in' }).click();
  const login = memberPage.getByRole('form', { name: 'Login' });
  await login.getByLabel('Email').fill(member.email);
  await login.getByLabel('Password').fill(member.password);
  await login.getByRole('button', { name: 'Login' }).click();
  await expect(memberPage).toHaveURL(new RegExp(`${INVITATION_PATH}\\?token=`));
  await shootTeamPage(memberPage, 'invitation-signed-in');
  await memberPage.getByRole('button', { name: 'Join studio' }).click();
  await expect(memberPage.getByText(teamMessages.accepted)).toBeVisible();
  await expect(memberPage).toHaveURL(/\/developers\/my-project$/);

  // the tab works in the studio joined; the menu says so and switches between the person's studios
  let menu = await accountMenu(memberPage);
  await expect(menu.locator('.account-menu__studio')).toContainText(studioName);
  await expect(menu.locator('.account-menu__studio')).toContainText('Finance');
  await shootTeamPage(memberPage, 'switcher-open');
  await menu.getByRole('button', { name: /Northlight Studio/ }).click();
  menu = await accountMenu(memberPage);
  await expect(menu.locator('.account-menu__studio')).toContainText('Owner');
  await expect(menu.getByRole('link', { name: 'API keys' })).toBeVisible();
  await menu.getByRole('button', { name: new RegExp(studioName) }).click();
  await expect(memberPage).toHaveURL(/\/developers\/my-project$/);
  menu = await accountMenu(memberPage);
  await expect(menu.getByRole('button', { name: new RegExp(studioName) })).toHaveAttribute('aria-current', 'true');
  await expect(menu.getByRole('link', { name: 'My Project Income' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Team' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'API keys' })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await expect(memberPage.getByRole('link', { name: 'Create New Project' })).toHaveCount(0);

  // a page out of the role's reach says so, rather than failing its calls
  await memberPage.goto('/api-keys');
  await expect(memberPage.getByText(teamMessages.notAllowedPage)).toBeVisible();
  await expect(memberPage.getByRole('link', { name: 'Back to My Projects' })).toBeVisible();
  // a reload keeps the tab's studio
  await memberPage.goto(TEAM_PATH);
  await expect(memberPage.getByRole('heading', { name: studioName })).toBeVisible();
  await expect(memberPage.getByRole('button', { name: 'Leave studio' })).toBeVisible();
  await shootTeamPage(memberPage, 'team-finance');
  await memberContext.close();

  // the owner's audit log lists the invitation and the joining; the member filter narrows it to the member's
  await page.goto(AUDIT_PATH);
  const events = page.getByRole('region', { name: /^Audit log, newest first/ });
  await expect(events.getByRole('row', { name: /createInvitation/ })).toHaveCount(1);
  await expect(events.getByRole('row', { name: /acceptInvitation/ })).toHaveCount(1);
  await shootTeamPage(page, 'audit');
  const filters = page.getByRole('search', { name: 'Filter the audit log' });
  await filters.getByLabel('Member').selectOption({ label: 'Finn Chen' });
  await filters.getByRole('button', { name: 'Search' }).click();
  await expect(events.getByRole('row', { name: /acceptInvitation/ })).toHaveCount(1);
  await expect(events.getByRole('row', { name: /createInvitation/ })).toHaveCount(0);
  await expect(page.getByText(/Showing 1 event matching the filters/)).toBeVisible();
  // the Action filter offers what the log records, by what it says
  await filters.getByLabel('Member').selectOption({ label: 'Everyone' });
  await filters.getByLabel('Action').selectOption({
    label: 'Invite a person by email to join the studio as a role: a one-time link valid 7 days',
  });
  await filters.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/action=createInvitation/);
  await expect(events.getByRole('row', { name: /createInvitation/ })).toHaveCount(1);
  await expect(events.getByRole('row', { name: /acceptInvitation/ })).toHaveCount(0);
});

test('a signed-in person invited to a studio joins it from the banner, without the mail', async ({ page, request }) => {
  const studioName = `Harbour Lights ${randomUUID().slice(0, 6)}`;
  const owner = await registerPartner(request, { firstName: 'Hana', registeredBusinessName: studioName });
  const person = await registerPartner(request, { firstName: 'Ivo' });
  await signIn(page, person);
  await page.goto('/developers/my-project');
  await expect(page.getByRole('heading', { name: 'My Projects' })).toBeVisible();
  const notices = page.getByRole('region', { name: 'Invitations to studios' });
  await expect(notices).toHaveCount(0);

  const invited = await request.post('/api/Team/Invitations', {
    headers: authHeaders(owner),
    data: { email: person.email, role: 'Developer' },
  });
  expect(invited.status()).toBe(200);
  await page.reload();
  await expect(notices).toContainText(`Hana Chen invited you to join ${studioName} as Developer.`);
  await shootTeamPage(page, 'invitation-banner');
  // put off, it stays away in this tab
  await notices.getByRole('button', { name: 'Not now' }).click();
  await expect(notices).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Projects' })).toBeVisible();
  await expect(notices).toHaveCount(0);

  // a new tab asks again; joining moves the tab to the studio, and the banner goes
  const second = await page.context().newPage();
  await second.goto('/developers/my-project');
  const again = second.getByRole('region', { name: 'Invitations to studios' });
  await again.getByRole('button', { name: `Join ${studioName}` }).click();
  await expect(second.getByText(`${teamMessages.accepted}: ${studioName}, as Developer.`)).toBeVisible();
  await expect(again).toHaveCount(0);
  const menu = await accountMenu(second);
  await expect(menu.locator('.account-menu__studio')).toContainText(studioName);
  await expect(menu.locator('.account-menu__studio')).toContainText('Developer');
});

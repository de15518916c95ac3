import type { Page } from '@playwright/test';
import type { MentionableAdminsResponse } from '@ute/contract';
import { apiToken, expect, readMails, test } from './support/fixtures';

async function getJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api/admin${path}`, { headers: { Authorization: `Bearer ${await apiToken(page)}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

test.describe('Internal notes', () => {
  test("an admin notes a user's page, mentions a colleague by keyboard, edits the note, then retracts it; no mail carries it", async ({ adminPage: page }) => {
    const users = await getJson<{ data: { _id: string }[] }>(page, '/all-users-data?limit=1');
    const userId = users.data[0]._id;
    const me = (await getJson<MentionableAdminsResponse>(page, '/notes/mentionable-admins')).data.find((admin) => admin.roles.includes('owner'))!;
    const marker = `E2E note ${Date.now()}`;

    await page.goto(`/users/${userId}`);
    const notes = page.getByRole('region', { name: 'Internal notes' });
    await expect(notes).toBeVisible();
    const box = notes.getByRole('textbox', { name: 'Add a note' });
    await box.fill(`${marker}: call back, `);
    await box.pressSequentially(`@${me.name.slice(0, 3)}`);
    const listbox = notes.getByRole('listbox', { name: 'Admins to mention' });
    await expect(listbox.getByRole('option').first()).toBeVisible();
    await box.press('Enter');
    await expect(box).toHaveValue(new RegExp(`^${marker}: call back, @\\[[^\\]]+\\] $`));
    await box.pressSequentially('please');
    await notes.getByRole('button', { name: 'Save note' }).click();

    const note = notes.getByRole('listitem').filter({ hasText: marker }).first();
    await expect(note).toBeVisible();
    await expect(note.getByRole('button', { name: /^Edit \(\d+ min left\)$/ })).toBeVisible();
    await note.getByRole('button', { name: /^Edit/ }).click();
    const editBox = notes.getByRole('textbox', { name: 'Edit the note' });
    await editBox.fill(`${marker}: called back, all sorted`);
    await notes.getByRole('button', { name: 'Save changes' }).click();
    await expect(notes.getByText(`${marker}: called back, all sorted`)).toBeVisible();
    await expect(notes.getByText('(edited)').first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('record-notes.png'), fullPage: true });

    await notes
      .getByRole('listitem')
      .filter({ hasText: `${marker}: called back` })
      .getByRole('button', { name: 'Retract' })
      .click();
    await notes.getByRole('textbox', { name: 'Why is it retracted?' }).fill(`${marker}: wrong user`);
    await notes.getByRole('button', { name: 'Retract note' }).click();
    await expect(notes.getByText(/Retracted by/).first()).toBeVisible();
    await expect(notes.getByText(`${marker}: wrong user`)).toBeVisible();

    expect(readMails().filter((mail) => `${mail.subject}\n${mail.text}`.includes(marker))).toEqual([]);
  });
});

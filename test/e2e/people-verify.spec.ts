import { expect, test, type Page } from './fixtures';
import { dismissAnnouncements, expectNoAxeViolations, signIn } from './support';

const RUN = Date.now().toString(36);

interface StoredEmail {
  destination: { to: string[] };
  body: { text?: string };
}

/** A 16 x 16 PNG (solid blue), made in the page so the cropper gets a real image. */
async function pngBytes(page: Page): Promise<Buffer> {
  const data = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 16;
    canvas.height = 16;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#1f4e8c';
    context.fillRect(0, 0, 16, 16);
    return canvas.toDataURL('image/png').split(',')[1];
  });
  return Buffer.from(data, 'base64');
}

async function myProfile(page: Page) {
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'My Profile' }).click();
  // Headed by the person, 'My Profile' above the name.
  await expect(page.getByRole('heading', { level: 1, name: 'Priya Raman' })).toBeVisible();
  await expect(page.getByText('My Profile', { exact: true })).toBeVisible();
}

test('a participant verifies their phone by replying from the SMS outbox page', async ({ page, context }) => {
  await signIn(page, 'participant@example.org', '/tracks');
  await dismissAnnouncements(page);
  await myProfile(page);
  const details = page.getByRole('region', { name: 'Details' });
  await details.getByRole('button', { name: 'Edit' }).click();
  const number = `555${String(Date.now()).slice(-7)}`;
  await details.getByLabel('Primary Number').fill('12');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(details.getByText('Invalid phone number length')).toBeVisible();
  await details.getByLabel('Primary Number').fill(number);
  await details.getByRole('button', { name: 'Save' }).click();
  await details.getByRole('button', { name: 'Verify Primary Number' }).click();
  await expect(details.getByRole('button', { name: 'Verification Sent' })).toBeDisabled();
  await expectNoAxeViolations(page);

  const phone = await context.newPage();
  let code: string | undefined;
  await expect
    .poll(async () => {
      await phone.goto('/local/sms');
      code = /verification code is (\d{6})/.exec((await phone.locator('td.message').first().textContent().catch(() => '')) ?? '')?.[1];
      return code;
    })
    .toBeTruthy();
  await phone.getByLabel('Message').fill(code!);
  await phone.getByRole('button', { name: 'Send reply' }).click();
  await expect(phone.getByRole('status')).toContainText('the app answered 200');

  await page.reload();
  await expect(page.getByRole('region', { name: 'Details' }).getByText('Has Verified Number')).toBeVisible();
});

test('a participant uploads an avatar from the top bar and sees it there and on the profile', async ({ page }) => {
  await signIn(page, 'participant@example.org', '/tracks');
  await dismissAnnouncements(page);
  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Upload Avatar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Profile Image' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, { floatingLayerOpen: true });
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await pngBytes(page) });
  await expect(dialog.getByRole('slider', { name: 'Zoom' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('header img.app-avatar')).toHaveAttribute('src', /avatar-image\?key=/);
  await expect(page.getByRole('img', { name: /^Avatar of/ })).toBeVisible();
});

test('a superadmin changes an email; the link in the local mail viewer verifies it', async ({ page }) => {
  await signIn(page, 'superadmin@example.org', '/users/demo-invited-member');
  await dismissAnnouncements(page);
  const details = page.getByRole('region', { name: 'Details' });
  await details.getByRole('button', { name: 'Edit' }).click();
  const next = `tomas.${RUN}@example.org`;
  await details.getByLabel('Email', { exact: true }).fill(next);
  await details.getByRole('button', { name: 'Save' }).click();
  const sent = page.getByRole('dialog', { name: 'Verification Email Sent' });
  await expect(sent).toContainText(next);
  await expectNoAxeViolations(page, { floatingLayerOpen: true });
  await sent.getByRole('button', { name: 'OK' }).click();

  let link: string | undefined;
  await expect
    .poll(async () => {
      const store = (await (await fetch(`${process.env.E2E_MAIL_URL}/store`)).json()) as { emails: StoredEmail[] };
      const mail = store.emails.filter((item) => item.destination.to.includes(next)).at(-1);
      link = mail?.body.text && /https?:\/\/\S+confirm-email-unauthed\S*/.exec(mail.body.text)?.[0];
      return link;
    })
    .toBeTruthy();
  await page.goto(link!);
  await dismissAnnouncements(page);
  await expect(page.getByText('Email has been verified.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Return to Profile' }).click();
  await expect(page.getByRole('region', { name: 'Details' }).getByText(next)).toBeVisible();
});

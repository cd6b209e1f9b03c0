import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { login } from '../lib/auth.js';
import { assertAccessible, newPage, useBrowser } from '../lib/browser.js';

const browser = useBrowser();

describe('agency API keys and webhooks (/apikeys, /webhooks)', () => {
  it('an agency admin creates a key, sees it once, uses it, revokes it, and registers a webhook', async () => {
    const { context, page } = await newPage(browser);
    // The tool calling with the key has no session cookie (with one, the session is the caller).
    const tool = await newPage(browser);
    try {
      await login(page, 'admin@demo.test');
      await page.getByRole('link', { name: 'API keys' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
      await page.getByText('No API keys yet.').first().waitFor();
      await assertAccessible(page);

      // The name is required: the schema's message, on the field.
      await page.getByRole('button', { name: 'Create key' }).click();
      await page.getByText('Name the key (1 to 80 characters).').first().waitFor();

      await page.getByRole('textbox', { name: 'Name' }).fill('E2E reporting tool');
      await page.getByRole('radio', { name: 'Read-only' }).check();
      await page.getByRole('button', { name: 'Create key' }).click();
      const shown = page.getByTestId('secret-once');
      await shown.waitFor();
      const secret = ((await shown.textContent()) ?? '').trim();
      assert.match(secret, /^dmk_\d+_/);
      await assertAccessible(page);

      // The key calls the API as the agency; a read-only key cannot write.
      const keyed = { authorization: `Bearer ${secret}` };
      const read = await tool.page.request.get('/api/checkagencyallowedintulip', { headers: keyed });
      assert.equal(read.status(), 200);
      const write = await tool.page.request.post('/api/setpriority/1', {
        headers: keyed,
        data: { priority: 2 },
      });
      assert.equal(write.status(), 403);

      // Shown once: gone after dismissing it and after a reload.
      await page.getByRole('button', { name: 'I have copied it' }).click();
      await page.reload();
      await page
        .getByRole('cell', { name: 'E2E reporting tool' })
        .or(page.getByRole('rowheader', { name: 'E2E reporting tool' }))
        .first()
        .waitFor();
      assert.equal((await page.content()).includes(secret), false);

      await page.getByRole('button', { name: 'Revoke key E2E reporting tool' }).click();
      await page.getByRole('dialog', { name: 'Revoke the API key' }).waitFor();
      await page.getByRole('button', { name: 'Revoke', exact: true }).click();
      await page.getByText('API key revoked.').first().waitFor();
      await page
        .getByText(/^Revoked /)
        .first()
        .waitFor();
      const after = await tool.page.request.get('/api/checkagencyallowedintulip', { headers: keyed });
      assert.equal(after.status(), 401);

      await page.getByRole('link', { name: 'Webhooks' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
      await page.getByText('No webhooks yet.').first().waitFor();
      // Plain http to another host is refused (the server runs as production).
      await page.getByRole('textbox', { name: 'URL' }).fill('http://example.com/hook');
      await page.getByRole('checkbox', { name: 'New match requests' }).check();
      await page.getByRole('button', { name: 'Register webhook' }).click();
      await page
        .getByText(/Enter an https:\/\/ address/)
        .first()
        .waitFor();
      await page.getByRole('textbox', { name: 'URL' }).fill('https://93.184.216.34/dm-hook');
      await page.getByRole('checkbox', { name: 'Completed matches' }).check();
      await page.getByRole('button', { name: 'Register webhook' }).click();
      const signing = page.getByTestId('secret-once');
      await signing.waitFor();
      assert.match(((await signing.textContent()) ?? '').trim(), /^whsec_/);
      await page
        .getByRole('rowheader', { name: 'https://93.184.216.34/dm-hook' })
        .or(page.getByRole('cell', { name: 'https://93.184.216.34/dm-hook' }))
        .first()
        .waitFor();
      await assertAccessible(page);

      await page.getByRole('button', { name: 'Deliveries to https://93.184.216.34/dm-hook' }).click();
      await page.getByRole('dialog', { name: 'Deliveries to https://93.184.216.34/dm-hook' }).waitFor();
      await page.getByText('No deliveries yet.').waitFor();
      await assertAccessible(page);
    } finally {
      await context.close();
      await tool.context.close();
    }
  });

  it('a case manager has no API keys page in her menu and is refused the API', async () => {
    const { context, page } = await newPage(browser);
    try {
      await login(page, 'manager@demo.test');
      assert.equal(await page.getByRole('link', { name: 'API keys' }).count(), 0);
      const res = await page.request.get('/api/apikeys');
      assert.equal(res.status(), 403);
    } finally {
      await context.close();
    }
  });
});

import { mailUiTexts } from '@shipdeck/shared/mail';
import { metaSchema } from '@shipdeck/shared/meta';
import { PAGE_SESSION_COOKIE } from '@shipdeck/shared/server-rendered-pages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createDatabase } from '../../db/database.js';
import { dataOf, newAccount, testConfig } from '../../test-app.js';
import { drainUntil } from '../../test-mail.js';
import { DEMO_MAIL_PATH } from '../demo-mailbox.js';
import type { DemoProviders } from '../start-demo-providers.js';
import { startDemoProviders } from '../start-demo-providers.js';

const PUBLIC_URL = 'http://demo.example.com';

describe('the demo mailbox at /_demo/mail', () => {
  let demo: DemoProviders;
  let app: FastifyInstance;
  const database = createDatabase({ dialect: 'sqlite', filename: ':memory:' });

  beforeAll(async () => {
    demo = await startDemoProviders(testConfig({ publicUrl: PUBLIC_URL, demoMode: true }), {
      activityMs: 0,
    });
    app = await buildApp({ config: demo.config, database });
    await demo.serveBrowserPages(app);
  });
  afterAll(async () => {
    await app.close();
    await demo.close();
    await database.destroy();
  });

  /** Signs up and in; answers the page-session cookie the browser would now send. */
  async function signedInBrowser(): Promise<{ email: string; cookie: string }> {
    const account = newAccount('demo');
    await app.inject({ method: 'POST', url: '/auth/signup', payload: account });
    const login = await app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: account.email, password: account.password },
    });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    expect(cookie).not.toBe('');
    return { email: account.email, cookie };
  }

  const mailbox = async (cookie?: string) => {
    const page = await app.inject({
      method: 'GET',
      url: DEMO_MAIL_PATH,
      headers: cookie ? { cookie } : {},
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    return page.body;
  };

  it('sends mail in demo mode without SMTP_URL, and shows each person only their own', async () => {
    const meta = dataOf(await app.inject({ method: 'GET', url: '/api/meta' }), metaSchema);
    expect(meta.mail).toBe(true);
    const ada = await signedInBrowser();
    const bob = await signedInBrowser();
    expect(await mailbox(ada.cookie)).toContain(mailUiTexts.demoMailEmpty);

    const asked = await app.inject({
      method: 'POST',
      url: '/auth/password-reset',
      payload: { email: ada.email },
    });
    expect(asked.statusCode).toBe(202);
    let page = '';
    await drainUntil(
      async () => {
        await app.jobs.drain();
        page = await mailbox(ada.cookie);
      },
      () => page.includes('Reset your Shipdeck password'),
    );
    const link = new RegExp(`${PUBLIC_URL}/reset-password\\?token=[^"<\\s]+`).exec(page)?.[0];
    expect(link).toBeDefined();
    expect(page).toContain(`href="${link ?? ''}"`);

    // Another person, and a browser signed in as nobody, see none of it.
    const other = await mailbox(bob.cookie);
    expect(other).toContain(mailUiTexts.demoMailEmpty);
    expect(other).not.toContain('reset-password');
    const anonymous = await mailbox();
    expect(anonymous).toContain(mailUiTexts.demoMailSignedOut);
    expect(anonymous).not.toContain('reset-password');
    const forged = await mailbox(`${PAGE_SESSION_COOKIE}=not-a-session`);
    expect(forged).not.toContain('reset-password');
  });
});

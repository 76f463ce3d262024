import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

const base = { NODE_ENV: 'test', PUBLIC_URL: 'https://deck.example.com' } as const;

describe('SMTP_URL and MAIL_FROM', () => {
  it('leaves mail off without SMTP_URL, with a From on PUBLIC_URL’s host', () => {
    const config = loadConfig(base);
    expect(config.mail).toBeNull();
    expect(config.mailFrom).toBe('Shipdeck <shipdeck@deck.example.com>');
  });

  it('takes smtp:// (STARTTLS) and smtps:// URLs and a named or bare From', () => {
    for (const smtpUrl of [
      'smtp://user:pass@smtp.example.com:587',
      'smtps://u:p@mail.example.com:465',
    ]) {
      const config = loadConfig({
        ...base,
        SMTP_URL: smtpUrl,
        MAIL_FROM: 'Deck <deck@example.com>',
      });
      expect(config.mail).toMatchObject({ smtpUrl, from: 'Deck <deck@example.com>' });
      expect(config.mail?.retryDelaySeconds).toBeLessThanOrEqual(60);
    }
    expect(
      loadConfig({ ...base, SMTP_URL: 'smtp://h:25', MAIL_FROM: 'deck@example.com' }).mailFrom,
    ).toBe('deck@example.com');
  });

  it('stops at start on another scheme or an address that is not one', () => {
    expect(() => loadConfig({ ...base, SMTP_URL: 'https://smtp.example.com' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ ...base, SMTP_URL: 'not a url' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ ...base, MAIL_FROM: 'Shipdeck' })).toThrow(/MAIL_FROM/);
  });
});

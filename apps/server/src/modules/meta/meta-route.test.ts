import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.js';

describe('GET /api/meta', () => {
  const demo = useTestApp('sqlite', {
    demoMode: true,
    github: {
      apiUrl: 'http://127.0.0.1:1/api/v3',
      webUrl: 'http://127.0.0.1:1',
      oauth: { clientId: 'c', clientSecret: 's' },
    },
  });
  const plain = useTestApp('sqlite', {
    demoMode: false,
    github: {
      apiUrl: 'https://ghe.example.com/api/v3',
      webUrl: 'https://ghe.example.com',
      oauth: null,
    },
  });

  it('tells the browser it is looking at demo data', async () => {
    const response = await demo.app.inject({ method: 'GET', url: '/api/meta' });
    expect(response.json()).toMatchObject({ data: { demoMode: true, githubSignIn: true } });
    expect(response.body).not.toContain('"s"');
  });

  it('says when GitHub sign-in is not available', async () => {
    const response = await plain.app.inject({ method: 'GET', url: '/api/meta' });
    expect(response.json()).toMatchObject({ data: { demoMode: false, githubSignIn: false } });
  });
});

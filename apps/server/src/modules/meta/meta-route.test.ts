import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-app.js';

describe('GET /api/meta', () => {
  const demo = useTestApp('sqlite', {
    demoMode: true,
    github: {
      clientId: 'c',
      clientSecret: 's',
      apiUrl: 'http://127.0.0.1:1/api/v3',
      webUrl: 'http://127.0.0.1:1',
    },
  });
  const plain = useTestApp('sqlite', { demoMode: false, github: null });

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

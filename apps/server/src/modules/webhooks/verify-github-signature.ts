import { Webhooks } from '@octokit/webhooks';

/** `X-Hub-Signature-256` over the raw body, compared in constant time by Octokit. */
export async function verifyGithubSignature(
  secret: string,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<boolean> {
  if (!signature || !signature.startsWith('sha256=')) return false;
  try {
    return await new Webhooks({ secret }).verify(rawBody.toString('utf8'), signature);
  } catch {
    return false;
  }
}

import { parseArgs } from 'node:util';
import { loadWorldFile, saveWorldFile } from './data/world-file.js';
import { startEmulator, type EmulatorOptions } from './start-emulator.js';

const HELP = `Shipdeck provider emulator: GitHub REST + OAuth and Vercel REST on 127.0.0.1.

Usage: npm run emulator -- [options]

  --port <n>                   Port (default 4010; 0 picks a free one)
  --public-url <url>           Origin written into answers (default http://127.0.0.1:<port>)
  --seed <n>                   Data seed (default 1)
  --users <n>                  Extra generated users (default 8)
  --repos <n>                  Repositories of the demo account (default 40)
  --rich-repos <n>             How many get many commits and pull requests (default 24)
  --projects <n>               Vercel projects of the demo account (default 8)
  --deployments-per-project <n>  (default 14)
  --data <file.json>           Load the world from a data file instead of generating it
  --dump-data <file.json>      Write the generated world to a file and exit
  --latency <ms>               Added latency on every provider request
  --error-rate <0..1>          Share of provider requests answered with 500
  --malformed-rate <0..1>      Share of answers with a truncated JSON body
  --drop-rate <0..1>           Share of connections closed without an answer
  --no-rate-limits             Turn GitHub rate limits off (like GitHub Enterprise Server)
  --activity <ms>              Live activity: something happens every <ms>
  --deployment-step <ms>       Time between deployment states (default 3000)
  --github-webhook <url>       Send GitHub webhooks there (repeatable)
  --vercel-webhook <url>       Send Vercel webhooks there (repeatable)
  --help

Webhook secrets: EMULATOR_GITHUB_WEBHOOK_SECRET, EMULATOR_VERCEL_WEBHOOK_SECRET.
`;

function number(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) throw new Error(`--${name} must be a number, got "${value}"`);
  return parsed;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'public-url': { type: 'string' },
      seed: { type: 'string' },
      users: { type: 'string' },
      repos: { type: 'string' },
      'rich-repos': { type: 'string' },
      projects: { type: 'string' },
      'deployments-per-project': { type: 'string' },
      data: { type: 'string' },
      'dump-data': { type: 'string' },
      latency: { type: 'string' },
      'error-rate': { type: 'string' },
      'malformed-rate': { type: 'string' },
      'drop-rate': { type: 'string' },
      'no-rate-limits': { type: 'boolean' },
      activity: { type: 'string' },
      'deployment-step': { type: 'string' },
      'github-webhook': { type: 'string', multiple: true },
      'vercel-webhook': { type: 'string', multiple: true },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(HELP);
    return;
  }
  const activity = number(values.activity, 'activity');
  const githubSecret = process.env.EMULATOR_GITHUB_WEBHOOK_SECRET;
  const vercelSecret = process.env.EMULATOR_VERCEL_WEBHOOK_SECRET;
  const options: EmulatorOptions = {
    port: number(values.port, 'port') ?? 4010,
    publicUrl: values['public-url'],
    seed: values.seed,
    users: number(values.users, 'users'),
    repos: number(values.repos, 'repos'),
    richRepos: number(values['rich-repos'], 'rich-repos'),
    projects: number(values.projects, 'projects'),
    deploymentsPerProject: number(values['deployments-per-project'], 'deployments-per-project'),
    data: values.data ? await loadWorldFile(values.data) : undefined,
    rateLimits: values['no-rate-limits'] ? false : undefined,
    faults: {
      latencyMs: number(values.latency, 'latency'),
      errorRate: number(values['error-rate'], 'error-rate'),
      malformedRate: number(values['malformed-rate'], 'malformed-rate'),
      dropRate: number(values['drop-rate'], 'drop-rate'),
    },
    activity: activity ? { intervalMs: activity } : false,
    deploymentStepMs: number(values['deployment-step'], 'deployment-step'),
    webhooks: {
      github: (values['github-webhook'] ?? []).map((url) => ({ url, secret: githubSecret })),
      vercel: (values['vercel-webhook'] ?? []).map((url) => ({ url, secret: vercelSecret })),
    },
  };
  const started = performance.now();
  const emulator = await startEmulator(options);
  if (values['dump-data']) {
    await saveWorldFile(values['dump-data'], emulator.world.toData());
    await emulator.close();
    process.stdout.write(`Wrote ${values['dump-data']}\n`);
    return;
  }
  const ms = Math.round(performance.now() - started);
  process.stdout.write(
    [
      `Shipdeck provider emulator ready in ${ms} ms (${emulator.world.repos.size} repositories)`,
      `  GitHub API      ${emulator.githubApiUrl}`,
      `  OAuth authorize ${emulator.authorizeUrl}`,
      `  OAuth token     ${emulator.accessTokenUrl}`,
      `  Vercel API      ${emulator.vercelApiUrl}`,
      `  Admin           ${emulator.adminUrl}`,
      `  Demo login      ${emulator.demo.login}  GitHub token ${emulator.demo.githubToken}  Vercel token ${emulator.demo.vercelToken}`,
      `  OAuth client    ${emulator.demo.oauthClientId} / ${emulator.demo.oauthClientSecret}`,
      '',
    ].join('\n'),
  );
  const shutdown = (): void => {
    void emulator.close().then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

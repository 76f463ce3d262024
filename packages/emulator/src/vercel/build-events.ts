import type { VercelDeployment } from '../data/model.js';

export interface BuildEvent {
  type: 'stdout' | 'stderr' | 'command' | 'delimiter' | 'deployment-state' | 'exit' | 'fatal';
  created: number;
  date: number;
  deploymentId: string;
  id: string;
  serial: string;
  text?: string;
  level?: 'error' | 'warning';
  info: { type: string; name: string; entrypoint?: string; readyState?: string };
}

type Line = [BuildEvent['type'], string, BuildEvent['level']?];

function buildLines(deployment: VercelDeployment): Line[] {
  const meta = deployment.meta;
  const source =
    meta.githubOrg && meta.githubRepo
      ? `Cloning github.com/${meta.githubOrg}/${meta.githubRepo} (Branch: ${meta.githubCommitRef ?? 'main'}, Commit: ${(meta.githubCommitSha ?? '').slice(0, 7)})`
      : 'Downloading 128 deployment files...';
  return [
    ['stdout', 'Running build in Washington, D.C., USA (East) – iad1'],
    ['stdout', 'Build machine configuration: 2 cores, 8 GB'],
    ['stdout', source],
    ['stdout', 'Cloning completed: 412.000ms'],
    ['stdout', 'Restored build cache from previous deployment (9pQ2kVq7s)'],
    ['command', 'Running "vercel build"'],
    ['stdout', 'Vercel CLI 41.1.4'],
    ['stdout', 'Installing dependencies...'],
    [
      'stderr',
      'npm warn deprecated inflight@1.0.6: This module is not supported, and leaks memory.',
      'warning',
    ],
    ['stdout', 'added 312 packages in 9s'],
    ['command', 'Running "npm run build"'],
    ['stdout', '> build\n> vite build'],
    ['stdout', '\u001b[36mvite v6.0.3 \u001b[32mbuilding for production...\u001b[39m'],
    ['stdout', '✓ 1204 modules transformed. 🎉 <script>alert("log")</script>'],
  ];
}

function endLines(deployment: VercelDeployment): Line[] {
  switch (deployment.state) {
    case 'READY':
      return [
        ['stdout', 'dist/index.html                  0.46 kB │ gzip:  0.30 kB'],
        ['stdout', 'Build Completed in /vercel/output [38s]'],
        ['stdout', 'Deploying outputs...'],
        ['stdout', 'Deployment completed'],
        ['deployment-state', 'READY'],
      ];
    case 'ERROR':
      return [
        [
          'stderr',
          "src/main.tsx(12,7): error TS2322: Type 'string' is not assignable to type 'number'.",
          'error',
        ],
        ['stderr', 'Error: Command "npm run build" exited with 1', 'error'],
        ['exit', 'exit code 1'],
        ['deployment-state', 'ERROR'],
      ];
    case 'CANCELED':
      return [
        ['stdout', 'The build was canceled.'],
        ['deployment-state', 'CANCELED'],
      ];
    default:
      return [];
  }
}

/**
 * The build log of a deployment as it stands at `now`: nothing while queued, lines
 * appearing over time while building, and the closing lines once it is done.
 */
export function buildEvents(deployment: VercelDeployment, now: number): BuildEvent[] {
  if (deployment.buildingAt === null) return [];
  const start = deployment.buildingAt;
  const building = buildLines(deployment);
  const finished = deployment.readyAt !== null;
  const end = deployment.readyAt ?? start + 120_000;
  const step = Math.max(1, Math.floor((end - start) / (building.length + 1)));
  const timed = building
    .map((line, index) => ({ line, at: start + index * step }))
    .filter((entry) => finished || entry.at <= now);
  if (finished) {
    endLines(deployment).forEach((line, index) => timed.push({ line, at: end - 50 + index * 10 }));
  }
  return timed.map(({ line: [type, text, level], at }, index) => {
    const serial = `${at}${String(index).padStart(6, '0')}`;
    const event: BuildEvent = {
      type,
      created: at,
      date: at,
      deploymentId: deployment.uid,
      id: serial,
      serial,
      info: { type: 'build', name: `bld_${deployment.uid.slice(4, 16)}`, entrypoint: '.' },
    };
    if (type === 'deployment-state') event.info.readyState = text;
    else event.text = text;
    if (level) event.level = level;
    return event;
  });
}

import { z } from 'zod';

// The fields Shipdeck reads from Vercel's answers (PROVIDERS.md §5), narrowed from the SDK's
// parsed output. Anything else Vercel sends is ignored.

const nullableString = z
  .string()
  .nullish()
  .transform((value) => value ?? null);

export const authUserWire = z.object({
  user: z.object({ id: z.string(), username: z.string() }),
});

export const teamWire = z.object({ id: z.string(), slug: z.string(), name: nullableString });
export type TeamWire = z.infer<typeof teamWire>;

const cursorWire = z.object({
  next: z.union([z.number(), z.string()]).nullish(),
});

export const teamsPageWire = z.object({ teams: z.array(teamWire), pagination: cursorWire });

const linkWire = z
  .object({
    type: z.string().optional(),
    org: z.string().optional(),
    repo: z.string().optional(),
    repoId: z.number().optional(),
    productionBranch: z.string().optional(),
  })
  .nullish();

export const projectWire = z.object({
  id: z.string(),
  name: z.string(),
  framework: nullableString,
  createdAt: z.number().optional(),
  updatedAt: z.number().optional(),
  link: linkWire,
  targets: z.object({ production: z.object({ id: z.string() }).nullish() }).nullish(),
});
export type ProjectWire = z.infer<typeof projectWire>;

export const projectsPageWire = z.object({
  projects: z.array(projectWire),
  pagination: cursorWire,
});

export const deploymentWire = z.object({
  uid: z.string(),
  name: z.string(),
  url: z.string(),
  created: z.number(),
  createdAt: z.number().optional(),
  buildingAt: z.number().optional(),
  ready: z.number().optional(),
  state: z.string().optional(),
  readyState: z.string().optional(),
  target: nullableString,
  projectId: z.string(),
  inspectorUrl: nullableString,
  meta: z.record(z.string(), z.string()).optional(),
  errorCode: nullableString,
  errorMessage: nullableString,
});
export type DeploymentWire = z.infer<typeof deploymentWire>;

export const deploymentsPageWire = z.object({
  deployments: z.array(deploymentWire),
  pagination: z.object({ next: z.number().nullish() }),
});

export const eventWire = z.object({
  type: z.string(),
  created: z.number(),
  text: z.string().optional(),
  level: z.string().optional(),
});
export type EventWire = z.infer<typeof eventWire>;

export const eventsWire = z.array(eventWire);

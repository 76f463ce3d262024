import { z } from 'zod';

// GitHub's team answers (PROVIDERS.md §10.1), only the fields the store keeps.

const teamSimple = z.object({ slug: z.string() });

const teamFull = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  html_url: z.string(),
  parent: teamSimple.nullable().optional(),
  organization: z.object({ login: z.string() }),
});
export type WireTeam = z.infer<typeof teamFull>;

const member = z.object({ login: z.string(), avatar_url: z.string() });
export type WireTeamMember = z.infer<typeof member>;

const teamRepository = z.object({
  id: z.number(),
  full_name: z.string(),
  private: z.boolean(),
  html_url: z.string(),
});
export type WireTeamRepository = z.infer<typeof teamRepository>;

export const parseTeams = (data: unknown) => z.array(teamFull).parse(data);
export const parseTeamMembers = (data: unknown) => z.array(member).parse(data);
export const parseTeamRepositories = (data: unknown) => z.array(teamRepository).parse(data);

import type { Selectable } from 'kysely';
import type { GithubId } from './github-repositories.table.js';

/** A GitHub team, shared by every Shipdeck user GitHub lists it for. */
export interface GithubTeamsTable {
  id: GithubId;
  org_login: string;
  slug: string;
  name: string;
  description: string | null;
  html_url: string;
  /** `org/slug` of the parent team. */
  parent: string | null;
  /** Validators of the last member and repository listings (conditional requests). */
  members_etag: string | null;
  repositories_etag: string | null;
  synced_at: string;
}
export type GithubTeamRow = Selectable<GithubTeamsTable>;

/** Whose token GitHub lists the team for: the only way a read reaches a team. */
export interface GithubTeamViewersTable {
  user_id: string;
  team_id: GithubId;
  synced_at: string;
}

/** Members, child teams' members included (as GitHub lists them). */
export interface GithubTeamMembersTable {
  team_id: GithubId;
  login: string;
  avatar_url: string;
}

export interface GithubTeamRepositoriesTable {
  team_id: GithubId;
  repository_id: GithubId;
  full_name: string;
  private: number;
  html_url: string;
}

/** Per person: the last teams listing and the notice a token without the scope gets. */
export interface GithubTeamSyncsTable {
  user_id: string;
  etag: string | null;
  notice: string | null;
  synced_at: string;
}

/** Submitted reviews of stored pull requests (review load, time to first review). */
export interface GithubPullRequestReviewsTable {
  id: GithubId;
  pull_request_id: GithubId;
  reviewer_login: string;
  state: string;
  submitted_at: string;
}

/** One round of a review request: a login (`user`) or `org/slug` (`team`). */
export interface GithubPullRequestReviewRequestsTable {
  pull_request_id: GithubId;
  kind: 'user' | 'team';
  reviewer: string;
  requested_at: string;
  cleared_at: string | null;
}

import type { Account } from '../../data/model.js';
import type { World } from '../../data/world.js';
import type { GithubUrls } from '../urls.js';

/** What every renderer needs: the data, URL building, and who is asking. */
export interface RenderContext {
  world: World;
  urls: GithubUrls;
  viewer: Account | null;
}

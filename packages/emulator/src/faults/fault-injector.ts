import { createRng, type Rng } from '../data/rng.js';
import { faultRuleSchema, type FaultRule, type FaultRuleInput } from './fault-rule.js';

export type FaultArea = 'github' | 'vercel' | 'oauth' | 'slack';

/** What to do to one request, combined from every rule that matched it. */
export interface FaultDecision {
  latencyMs: number;
  drop: boolean;
  errorStatus: number | null;
  /** `errorStatus` replaces the handler's answer after the handler ran (the write applied). */
  errorAfterHandler: boolean;
  malformed: boolean;
  rateLimit: { kind: 'primary' | 'secondary'; status: 403 | 429 } | null;
  /** The `Retry-After` an injected 429 carries, when its rule names one. */
  retryAfterSeconds: number | null;
  applied: string[];
}

function matches(rule: FaultRule, area: FaultArea, method: string, path: string): boolean {
  if (rule.area !== 'all' && rule.area !== area) return false;
  if (rule.method && rule.method !== method) return false;
  if (rule.path && !path.startsWith(rule.path)) return false;
  if (rule.pathPattern && !new RegExp(rule.pathPattern).test(path)) return false;
  return true;
}

/** Holds the active fault rules and decides, reproducibly from the seed, what each request gets. */
export class FaultInjector {
  private rules: FaultRule[] = [];
  private readonly rng: Rng;
  private counter = 0;

  constructor(seed: number | string, initial: readonly FaultRuleInput[] = []) {
    this.rng = createRng(seed, 'faults');
    for (const rule of initial) this.add(rule);
  }

  add(input: FaultRuleInput): FaultRule {
    const parsed = faultRuleSchema.parse(input);
    const rule: FaultRule = { ...parsed, id: parsed.id ?? `fault-${++this.counter}` };
    this.rules = [...this.rules.filter((r) => r.id !== rule.id), rule];
    return rule;
  }

  remove(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((r) => r.id !== id);
    return this.rules.length !== before;
  }

  clear(): void {
    this.rules = [];
  }

  list(): readonly FaultRule[] {
    return this.rules;
  }

  decide(area: FaultArea, method: string, path: string): FaultDecision {
    const decision: FaultDecision = {
      latencyMs: 0,
      drop: false,
      errorStatus: null,
      errorAfterHandler: false,
      malformed: false,
      rateLimit: null,
      retryAfterSeconds: null,
      applied: [],
    };
    for (const rule of this.rules) {
      if (!matches(rule, area, method, path)) continue;
      let applied = false;
      if (rule.latencyMs) {
        decision.latencyMs += rule.latencyMs;
        applied = true;
      }
      if (rule.dropRate !== undefined && this.rng.next() < rule.dropRate) {
        decision.drop = true;
        applied = true;
      }
      if (rule.errorRate !== undefined && this.rng.next() < rule.errorRate) {
        decision.errorStatus = rule.errorStatus;
        decision.errorAfterHandler = rule.afterHandler;
        decision.retryAfterSeconds = rule.retryAfterSeconds ?? null;
        applied = true;
      }
      if (rule.malformedRate !== undefined && this.rng.next() < rule.malformedRate) {
        decision.malformed = true;
        applied = true;
      }
      if (rule.rateLimit) {
        decision.rateLimit = { kind: rule.rateLimit, status: rule.rateLimitStatus };
        applied = true;
      }
      if (!applied) continue;
      decision.applied.push(rule.id);
      if (rule.times !== undefined) {
        rule.times -= 1;
        if (rule.times <= 0) this.remove(rule.id);
      }
    }
    return decision;
  }
}

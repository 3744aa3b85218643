/**
 * The least grant: the smallest set of OAuth2 scopes with which every requirement has an alternative inside it. Each
 * requirement is one used operation's OR-ed alternatives of AND-ed scopes. In general this is a hitting-set problem
 * (NP-hard), but a code base's requirements are few and mostly have one alternative, so it is solved exactly:
 *
 * 1. Requirements with an empty alternative (a token, no scope) are met by any grant and dropped.
 * 2. Forced scopes: a requirement with one alternative needs all of its scopes. Requirements an alternative of which
 *    the forced scopes cover are met; the others lose the forced scopes from their alternatives and drop alternatives
 *    that contain another one. A requirement left with one alternative forces it in turn, until nothing changes.
 * 3. The remaining choices (requirements with two or more alternatives, none met) are searched exactly, depth first:
 *    the unmet requirement with the fewest alternatives is branched on, each alternative adding its scopes, and a
 *    branch stops once it holds as many scopes as the best grant found (a greedy grant is the first bound). A finished
 *    search proves the grant least. The search is bounded by work, not by grants: each scope it looks up (to tell
 *    whether a requirement is met, or what an alternative adds) is one step, and past `bound` steps the best grant
 *    found is returned: it suffices, but is not proven least (`proven: false`). A grant's cost grows with the
 *    requirements and their alternatives (50 operations of 64 alternatives each: thousands of steps per grant), so a
 *    bound on grants alone let a crafted description take many seconds.
 *
 * Of several least grants the first found is returned: deterministic for the same requirements in the same order.
 */

/** OR-ed alternatives of AND-ed scopes; at least one alternative. */
export type Requirement = readonly (readonly string[])[];

export interface LeastGrant {
  /** Sorted. Contains `start`'s scopes too. */
  scopes: string[];
  /** Scopes forced by single-alternative requirements (step 2), sorted; `start`'s not among them. */
  forced: string[];
  /** Requirements left to choose between after step 2. */
  choices: number;
  /** Grants the search visited. */
  visited: number;
  /** True when the search finished: no smaller grant meets every requirement. */
  proven: boolean;
}

/** Steps (scope look-ups) the exact search may take before it settles for the best found: well under a second. */
export const SEARCH_BOUND = 500_000;

/**
 * The least grant meeting every requirement, given `start` already granted (its scopes cost nothing: with the scopes
 * a user allows, what else is needed).
 */
export function leastGrant(
  requirements: readonly Requirement[],
  start: readonly string[] = [],
  bound: number = SEARCH_BOUND,
): LeastGrant {
  const granted = new Set(start);
  const forced = new Set<string>();
  let left: readonly Requirement[] = requirements.filter((req) => !req.some((alt) => alt.length === 0));
  let open: string[][][];
  // Step 2, to a fixpoint: each round either forces a scope or leaves the requirements as they are.
  for (;;) {
    const reduced = left.filter((req) => !met(req, granted)).map((req) => minimal(req, granted));
    const single = reduced.filter((req) => req.length === 1);
    open = reduced.filter((req) => req.length > 1);
    left = open;
    if (single.length === 0) break;
    for (const [alt] of single)
      for (const s of alt!) {
        granted.add(s);
        forced.add(s);
      }
  }
  const choices = open.length;
  const search = new Search(open, bound);
  const extra = search.run(granted);
  const scopes = [...granted, ...extra].sort();
  return {
    scopes: [...new Set(scopes)],
    forced: [...forced].sort(),
    choices,
    visited: search.visited,
    proven: !search.stopped,
  };
}

function met(req: Requirement, grant: ReadonlySet<string>): boolean {
  return req.some((alt) => alt.every((s) => grant.has(s)));
}

/** Alternatives without `grant`'s scopes, unique, and without those containing another (they never help). */
function minimal(req: Requirement, grant: ReadonlySet<string>): string[][] {
  const byKey = new Map<string, string[]>();
  for (const alt of req) {
    const rest = [...new Set(alt.filter((s) => !grant.has(s)))].sort();
    byKey.set(rest.join(" "), rest);
  }
  const sorted = [...byKey.values()].sort((a, b) => a.length - b.length);
  // Quadratic in the alternatives of one requirement; real ones have a handful (security.ts keeps crafted long lists).
  if (sorted.length > 64) return sorted;
  return sorted.filter((alt, i) => !sorted.slice(0, i).some((k) => k.every((s) => alt.includes(s))));
}

class Search {
  visited = 0;
  stopped = false;
  /** Steps taken: scope look-ups (see SEARCH_BOUND). */
  private work = 0;
  private best: string[] | undefined;

  constructor(
    private readonly open: readonly string[][][],
    private readonly bound: number,
  ) {}

  /** The fewest scopes to add to `base` so that every open requirement is met. */
  run(base: ReadonlySet<string>): string[] {
    if (this.open.length === 0) return [];
    this.best = this.greedy(base);
    this.branch(new Set(base), []);
    return this.best;
  }

  /** A first bound: each unmet requirement in turn takes the alternative adding fewest scopes. */
  private greedy(base: ReadonlySet<string>): string[] {
    const grant = new Set(base);
    const added: string[] = [];
    for (const req of this.open) {
      if (met(req, grant)) continue;
      const cost = (alt: string[]) => alt.filter((s) => !grant.has(s)).length;
      const cheapest = req.reduce((a, b) => (cost(b) < cost(a) ? b : a));
      for (const s of cheapest)
        if (!grant.has(s)) {
          grant.add(s);
          added.push(s);
        }
    }
    return added;
  }

  /** `met`, counting its look-ups as steps. */
  private met(req: readonly (readonly string[])[], grant: ReadonlySet<string>): boolean {
    for (const alt of req) {
      let all = true;
      for (const s of alt) {
        this.work++;
        if (!grant.has(s)) {
          all = false;
          break;
        }
      }
      if (all) return true;
    }
    return false;
  }

  private branch(grant: Set<string>, added: string[]): void {
    if (this.stopped) return;
    this.visited++;
    if (this.work > this.bound) {
      this.stopped = true;
      return;
    }
    // The unmet requirement with the fewest alternatives: the narrowest branching.
    let pick: string[][] | undefined;
    for (const req of this.open)
      if (!this.met(req, grant) && (pick === undefined || req.length < pick.length)) {
        pick = req;
        if (req.length === 2) break;
      }
    if (pick === undefined) {
      if (added.length < this.best!.length) this.best = [...added];
      return;
    }
    // Every branch adds at least one scope: stop when that cannot beat the best.
    if (added.length + 1 >= this.best!.length) return;
    for (const alt of pick) {
      this.work += alt.length;
      const fresh = alt.filter((s) => !grant.has(s));
      if (added.length + fresh.length >= this.best!.length) continue;
      for (const s of fresh) grant.add(s);
      this.branch(grant, [...added, ...fresh]);
      for (const s of fresh) grant.delete(s);
    }
  }
}

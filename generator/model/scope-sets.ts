/**
 * Scope sets as the reports read them (security.ts reads them from a description): how a requirement is worded, and
 * how two requirements compare by the one rule that matters, which grants may call the operation.
 *
 * A requirement is a list of OR-ed alternatives, each a list of AND-ed scopes; an empty list is a public operation (no
 * token), an empty alternative a token with no scope. Everything here is linear or quadratic in the sets' sizes, never
 * backtracking over their text.
 */

/** OR-ed alternatives of AND-ed scopes, as the table and the manifest carry them (empty: public). */
export type ScopeSets = readonly (readonly string[])[];

/**
 * `a and b, or c`; `a token, no scope` for an empty alternative; `public, no token` for none. `quote` renders one
 * scope (Markdown code, HTML escaping, or as is). Equal alternatives (the same scopes through two schemes) are worded
 * once: the words name scopes, not schemes.
 */
export function setsText(anyOf: ScopeSets, quote: (scope: string) => string = (s) => s): string {
  if (anyOf.length === 0) return "public, no token";
  const words = anyOf.map((set) => (set.length === 0 ? "a token, no scope" : set.map(quote).join(" and ")));
  return [...new Set(words)].join(", or ");
}

/**
 * How the grants that may call an operation changed from `before` to `after`: `escalation` when some grant that could
 * call it before cannot now (the caller needs more), `relaxation` when every grant that could still can and some other
 * can now too, `mixed` when both happen (an alternative traded for another), `same` when exactly the same grants may.
 * A public operation needs no token; every other one needs a token, so public -> token-only is an escalation.
 */
export function compareSets(before: ScopeSets, after: ScopeSets): "escalation" | "relaxation" | "mixed" | "same" {
  if (sameSets(before, after)) return "same";
  // Crafted lists of thousands of alternatives would make the pairwise check slow: such a change fails closed.
  if (before.length * after.length > MAX_PAIRS) return "mixed";
  const narrower = !allows(after, before); // some grant allowed before is refused now
  const wider = !allows(before, after); // some grant refused before is allowed now
  if (narrower && wider) return "mixed";
  if (narrower) return "escalation";
  if (wider) return "relaxation";
  return "same";
}

/** Past this many pairs of alternatives, a change is not compared but counted as both (fail closed). */
export const MAX_PAIRS = 100_000;

function sameSets(a: ScopeSets, b: ScopeSets): boolean {
  return (
    a.length === b.length && a.every((set, i) => set.length === b[i]!.length && set.every((s, j) => s === b[i]![j]))
  );
}

/**
 * Does every grant `outer` allows also satisfy `inner`? True when each alternative of `outer` contains some alternative
 * of `inner` (a grant of exactly that alternative is the least `outer` allows). A public `inner` allows everything; a
 * public `outer` allows calls without a token, which only a public `inner` does.
 */
function allows(inner: ScopeSets, outer: ScopeSets): boolean {
  if (inner.length === 0) return true;
  if (outer.length === 0) return false;
  return outer.every((alt) => {
    const held = new Set(alt);
    return inner.some((need) => need.every((s) => held.has(s)));
  });
}

/** Every scope the sets name, sorted and unique. */
export function scopesOf(sets: Iterable<ScopeSets>): string[] {
  const found = new Set<string>();
  for (const anyOf of sets) for (const set of anyOf) for (const s of set) found.add(s);
  return [...found].sort();
}

/**
 * The type-level grant rule (runtime/types.ts), against small hand-made tables: what a grant lacks for alternatives
 * (OR-ed scope sets) is what the run-time guard says (scopes.ts `missingScopes`): nothing when one set is wholly
 * granted, else the set that lacks fewest, the first such. Type-checked only (by the project's type check), never run.
 */
import { expectTypeOf, test } from "vitest";
import type { MissingScopes, ScopeCheck, UnknownScope } from "../../templates/runtime/index.js";

type Either = readonly [readonly ["a", "b"], readonly ["c"]];

test("one wholly granted set allows; else the set lacking fewest, the first of equals", () => {
  expectTypeOf<MissingScopes<Either, "c">>().toEqualTypeOf<[]>();
  expectTypeOf<MissingScopes<Either, "a" | "b">>().toEqualTypeOf<[]>();
  expectTypeOf<MissingScopes<Either, "a">>().toEqualTypeOf<["b"]>();
  expectTypeOf<MissingScopes<Either, never>>().toEqualTypeOf<["c"]>();
  expectTypeOf<MissingScopes<readonly [readonly ["x", "y", "z"], readonly ["a", "b"]], "z">>().toEqualTypeOf<
    ["x", "y"]
  >();
});

test("public (no sets) and a token with no scope need nothing", () => {
  expectTypeOf<MissingScopes<readonly [], never>>().toEqualTypeOf<[]>();
  expectTypeOf<MissingScopes<readonly [readonly []], never>>().toEqualTypeOf<[]>();
});

test("a literal scope the API does not name is refused by name; a wide grant passes", () => {
  expectTypeOf<ScopeCheck<readonly ["a", "q"], "a" | "b">>().toEqualTypeOf<{ scopes: UnknownScope<"q"> }>();
  expectTypeOf<ScopeCheck<readonly ["a"], "a" | "b">>().toEqualTypeOf<unknown>();
  expectTypeOf<ScopeCheck<string[], "a" | "b">>().toEqualTypeOf<unknown>();
});

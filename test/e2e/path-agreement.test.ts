/**
 * One reading of paths, as a property: for generated descriptions (templates of literal, parameter, mixed and
 * whole-path segments, any level each) that pass the description checks, and for requests filled from their templates
 * or made of arbitrary segments, the guard (templates/runtime/guard.ts), `needs` (generator/usage/resolve.ts), the
 * mock's router (generator/facility/routes.ts) and the audit agree on which operation a request is:
 *
 * - `needs` and the guard see the same operations: a color may send the request exactly when it reaches the level
 *   `needs` gives, and a refusal names one of `needs`' operations; what `needs` cannot resolve only the top level
 *   sends (or none, for a path every color refuses);
 * - the mock routes to `needs`' first (most literal) operation, and to none when `needs` has none;
 * - a request filled from a template reaches that template's operation, so `needs` never says less than the audit;
 * - matchAll and templateParams agree: each match gives values that fill the template back into the request.
 *
 * Templates equal but for their parameter names and `#` path keys (`/a/{p0}#d=1`) are generated too: under one method
 * they are one route, which the guard, `needs` and the mock all judge by every operation it may be. With a
 * discriminator header on the request, the guard lets through exactly what the mock asks the token for; and `needs`
 * of a call by name covers every operation the guard may find for a request filled from that template.
 */
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { checkPathTemplates } from "../../generator/description/operation-objects.js";
import { Router } from "../../generator/facility/routes.js";
import { tableEntries } from "../../generator/output/manifest.js";
import { lookupOf, resolveUse } from "../../generator/usage/resolve.js";
import type { FoundUse } from "../../generator/usage/scan.js";
import { ScopeError } from "../../templates/runtime/errors.js";
import { createGuard } from "../../templates/runtime/guard.js";
import { rank } from "../../templates/runtime/levels.js";
import { compileTable, matchAll, requestPath, templateParams } from "../../templates/runtime/matcher.js";
import { encodeWholePath, readPath } from "../../templates/runtime/path.js";
import type { OperationEntry } from "../../templates/runtime/table.js";
import { description, modelOf, secured } from "../support/descriptions.js";

const LADDER = ["green", "yellow", "red"];
const BASE = "https://api.example.test/api";
const METHODS = ["GET", "POST"] as const;

type Piece = { kind: "literal"; text: string } | { kind: "param" } | { kind: "mixed"; parts: readonly string[] };

const literal = fc.constantFrom("a", "b", "things", "x.json", "v1.2", "new", "a-b");
/** Literal text the description checks refuse (it reads as other text): such descriptions are skipped. */
const refused = fc.constantFrom("%61", "..", "a\\b");
const piece: fc.Arbitrary<Piece> = fc.oneof(
  { weight: 3, arbitrary: literal.map((text) => ({ kind: "literal" as const, text })) },
  { weight: 1, arbitrary: refused.map((text) => ({ kind: "literal" as const, text })) },
  { weight: 3, arbitrary: fc.constant({ kind: "param" as const }) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(["", ".json"], ["", "-", ""], ["pre", ""], ["", ".", ""], ["", "", "z"], ["x", "y", ""])
      .map((parts) => ({ kind: "mixed" as const, parts })),
  },
);

interface Template {
  method: (typeof METHODS)[number];
  path: string;
  params: string[];
  level: string;
  whole: boolean;
  /** The path key's `#` part, or "". */
  key: string;
}

/** A template from pieces, its parameters named p0, p1, ... (or q0, q1, ...) in order. */
function template(
  pieces: Piece[],
  method: Template["method"],
  level: string,
  whole: boolean,
  name: string,
  key: string,
): Template {
  const params: string[] = [];
  const next = () => {
    params.push(`${name}${params.length}`);
    return `{${params.at(-1)}}`;
  };
  const segments = pieces.map((p) =>
    p.kind === "literal" ? p.text : p.kind === "param" ? next() : p.parts.map((t, i) => (i ? next() : "") + t).join(""),
  );
  const last = pieces.at(-1)?.kind === "param";
  return { method, path: `/${segments.join("/")}${key}`, params, level, whole: whole && last, key };
}

const templates = fc
  .array(
    fc
      .tuple(
        fc.array(piece, { minLength: 1, maxLength: 4 }),
        fc.constantFrom(...METHODS),
        fc.constantFrom("public", ...LADDER),
        fc.boolean(),
        fc.constantFrom("p", "q"),
        fc.constantFrom("", "", "", "#d=1", "#d=2", "#dummy"),
      )
      .map(([pieces, method, level, whole, name, key]) => template(pieces, method, level, whole, name, key)),
    { minLength: 1, maxLength: 8 },
  )
  // One operation per (method, path key); templates of one shape (routes) stay.
  .map((list) => [...new Map(list.map((t) => [`${t.method} ${t.path}`, t])).values()]);

/** Parameter values: plain, with the literals' text, dots, encoded and raw slashes, escapes good and bad. */
const value = fc.constantFrom(
  "1",
  "pm",
  "new",
  "json",
  "x.json",
  "a.b",
  "-",
  "..",
  ".",
  "a/b",
  "/global/homes/u",
  "%2e",
  "%",
  "a\\b",
  "z",
  "x",
  "café",
);

function descriptionOf(list: Template[]): Record<string, any> {
  return description(
    Object.fromEntries(
      list.map((t) => [
        `${t.method} ${t.path}`,
        {
          ...(t.level === "public" ? {} : { ...secured, "x-nersc-scope": t.level }),
          parameters: t.params.map((name, i) => ({
            name,
            in: "path",
            required: true,
            schema: { type: "string" },
            ...(t.whole && i === t.params.length - 1 ? { "x-sfapi-whole-path": true } : {}),
          })),
        },
      ]),
    ),
  );
}

/** `t.path` with its parameters filled: encoded as the runtime encodes them (or raw, to try tricks). */
function fill(t: Template, values: string[], raw: boolean): string {
  let i = 0;
  return requestPath(t.path).replace(/\{[^{}]+\}/g, () => {
    const v = values[i++ % values.length]!;
    if (raw) return v;
    return t.whole && i === t.params.length ? encodeWholePath(v) : encodeURIComponent(v);
  });
}

describe("the guard, needs, the mock and the audit read every path the same way", () => {
  test("generated descriptions and requests", () => {
    const request = (list: Template[]) =>
      fc.oneof(
        fc
          .tuple(fc.nat({ max: list.length - 1 }), fc.array(value, { minLength: 1, maxLength: 4 }), fc.boolean())
          .map(([k, values, raw]) => ({
            from: list[k]!,
            raw,
            method: list[k]!.method,
            path: fill(list[k]!, values, raw),
          })),
        fc
          .tuple(
            fc.constantFrom(...METHODS),
            fc.array(fc.oneof(value, literal, fc.constant("")), { minLength: 1, maxLength: 5 }),
          )
          .map(([method, segments]) => ({ from: undefined, raw: true, method, path: `/${segments.join("/")}` })),
      );
    const scenario = templates.chain((list) =>
      fc.tuple(fc.constant(list), fc.array(request(list), { minLength: 1, maxLength: 12 })),
    );

    fc.assert(
      fc.property(scenario, ([list, requests]) => {
        const doc = descriptionOf(list);
        let accepted = true;
        try {
          checkPathTemplates(doc, "generated.json");
        } catch {
          accepted = false;
        }
        fc.pre(accepted);
        const model = modelOf(doc, "generated.json");
        const entries = tableEntries(model.operations);
        const table: Record<string, OperationEntry> = Object.fromEntries(
          entries.map((e) => [
            e.name,
            {
              name: e.name,
              method: e.method,
              path: e.path,
              scope: e.scope,
              ...(e.wholePath ? { wholePath: e.wholePath } : {}),
            },
          ]),
        );
        const compiled = compileTable(table);
        const guards = LADDER.map((color) => ({
          color,
          guard: createGuard({ table: compiled, ladder: LADDER, color, baseUrl: BASE }),
        }));
        const lookup = lookupOf(LADDER, entries);
        const router = new Router(model.operations);
        const audit = new Map(model.operations.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op]));

        for (const { from, raw, method, path } of requests) {
          const needs = resolveUse({ kind: "call", method, path } as FoundUse, lookup)!;
          const names = needs.operations.map((op) => op.name);
          const routed = router.match(method, path);
          const reading = readPath(path);
          const context = `${method} ${path} in ${list.map((t) => `${t.method} ${t.path}`).join(", ")}`;

          // The guard and needs: the same operations, the same level.
          for (const { color, guard } of guards) {
            let refusal: ScopeError | undefined;
            try {
              guard.check(method, `${BASE}${path}`);
            } catch (error) {
              if (!(error instanceof ScopeError)) throw error;
              refusal = error;
            }
            if ("refused" in reading) expect(refusal, context).toBeDefined();
            else if (needs.unknown !== null) expect(refusal === undefined, context).toBe(color === "red");
            else {
              const enough = needs.level === "public" || rank(LADDER, color) >= rank(LADDER, needs.level);
              expect(refusal === undefined, `${color}: ${context}`).toBe(enough);
              if (refusal) expect(names, context).toContain(refusal.operation);
            }
          }

          // The mock: needs' first operation, or none.
          if (routed.kind === "operation") expect(routed.operation.name, context).toBe(names[0]);
          else if (names.length > 0) expect(routed.kind, context).toBe("method-not-allowed");

          // A request filled from a template reaches that template's operation (always when encoded as the runtime
          // encodes, when it still fits if filled raw), and needs says at least what the audit says of it.
          if (from && !("refused" in reading)) {
            const op = audit.get(`${from.method} ${from.path}`)!;
            if (!raw || templateParams(from.path, reading.segments, op.wholePath) !== undefined) {
              expect(names, context).toContain(op.name);
              const level = (l: string) => (l === "public" ? -1 : rank(LADDER, l));
              expect(level(needs.level), context).toBeGreaterThanOrEqual(level(op.scope));
            }
          }

          // With a discriminator header: the guard lets a color through exactly when the mock's token check would.
          for (const value of ["1", "2"]) {
            const routedWith = router.match(method, path, (name) => (name === "d" ? [value] : []));
            if (routedWith.kind !== "operation") continue;
            const asked = [routedWith.operation, ...routedWith.also];
            for (const { color, guard } of guards) {
              let allowed = true;
              try {
                guard.check(method, `${BASE}${path}`, new Headers({ d: value }));
              } catch (error) {
                if (!(error instanceof ScopeError)) throw error;
                allowed = false;
              }
              const level = (l: string) => (l === "public" ? -1 : rank(LADDER, l));
              const enough = asked.every((op) => level(op.scope) <= rank(LADDER, color));
              expect(allowed, `${color} with d=${value}: ${context}`).toBe(enough);
            }
          }

          // A call by name covers whatever a request filled from its template may be, as the guard finds it.
          if (from && !raw && !("refused" in reading)) {
            const op = audit.get(`${from.method} ${from.path}`)!;
            const byName = resolveUse({ kind: "named", entry: op.name } as FoundUse, lookup)!;
            const covered = new Set(byName.operations.map((o) => o.name));
            for (const name of names) expect(covered.has(name), `${op.name} covers ${name}: ${context}`).toBe(true);
          }

          // matchAll and templateParams.
          if (!("refused" in reading)) {
            for (const segments of [reading.segments, ...(reading.split ? [reading.split] : [])]) {
              const matched = matchAll(compiled, method, segments);
              for (const entry of Object.values(table)) {
                if (entry.method !== method) continue;
                const values = templateParams(entry.path, segments, entry.wholePath);
                expect(matched.includes(entry), `${entry.path}: ${context}`).toBe(values !== undefined);
                if (values) {
                  const refilled = requestPath(entry.path).replace(/\{([^{}]+)\}/g, (_, name: string) => values[name]!);
                  expect(refilled, `${entry.path}: ${context}`).toBe(`/${segments.join("/")}`);
                }
              }
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

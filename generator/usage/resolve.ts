/**
 * From a use found in the code to the operations it reaches and the level it needs, by the run-time guard's rules:
 * paths are read and matched by the runtime's own path reader (templates/runtime/path.ts), a concrete path that fits
 * several templates needs the most demanding of them (every match must be callable), and a path that matches nothing,
 * that the guard refuses, or that is not a literal, needs the top level (fail closed).
 *
 * A use by template or by name (`client.GET("/things/{id}")`, `client.readThing(...)`, `operations.readThing`) whose
 * path values are not all literals written at the call needs every operation a request filled from the template may
 * be (matcher.ts's mayFallOn): its route's and its literal siblings' (`/things/secret` when `id` is `secret`), as the
 * guard judges such a request. When they are all literals (usage/path-values.ts), the request is built as the runtime
 * builds it (openapi-fetch's path serializer, a whole path keeping its slashes) and judged as a concrete path: exactly
 * what `id: "42"` reaches, and both for `id: "secret"`. Only a `?` key's own discriminator counts (the runtime sends
 * it); a `#` key's is sent only where the code sets that header or query value, which this analysis does not read, so
 * such a call needs its whole route.
 */

import { defaultPathSerializer } from "openapi-fetch";
import type { CompiledTable } from "../../templates/runtime/matcher.js";
import { ALL, compileTable, keyValues, mayBe, mayFallOn, requestPath } from "../../templates/runtime/matcher.js";
import { fillWholePath, matchPath, readPath } from "../../templates/runtime/path.js";
import { TASK_PATH } from "../../templates/runtime/protocol.js";
import type { OperationEntry } from "../../templates/runtime/table.js";
import { mostDemanding } from "../model/routes.js";
import type { Ladder } from "../model/scope.js";
import { effectiveLevel, levelRank, topLevel } from "../model/scope.js";
import type { TableEntry } from "../output/client-folder.js";
import type { FoundUse, PathValues } from "./uses.js";

/** What `waitForTask` calls (templates/runtime/tasks.ts). */
export const WAIT_FOR_TASK_CALL: { readonly method: "GET"; readonly path: typeof TASK_PATH } = {
  method: "GET",
  path: TASK_PATH,
};

/** A table ready for lookups: by name, and by method and path through the runtime's compiled trie. */
export interface Lookup {
  ladder: Ladder;
  entries: readonly TableEntry[];
  byName: ReadonlyMap<string, TableEntry>;
  compiled: CompiledTable;
  /** The compiled entries point back to the table's own. */
  origin: ReadonlyMap<OperationEntry, TableEntry>;
}

export function lookupOf(ladder: Ladder, entries: readonly TableEntry[]): Lookup {
  const origin = new Map<OperationEntry, TableEntry>();
  const table: Record<string, OperationEntry> = {};
  for (const entry of entries) {
    const compiled: OperationEntry = {
      name: entry.name,
      method: entry.method,
      path: entry.path,
      scope: entry.scope,
      ...(entry.wholePath === undefined ? {} : { wholePath: entry.wholePath }),
    };
    table[entry.name] = compiled;
    origin.set(compiled, entry);
  }
  return { ladder, entries, byName: new Map(entries.map((e) => [e.name, e])), compiled: compileTable(table), origin };
}

export interface Resolution {
  /** Every operation the use may reach (several when a concrete path fits several templates), most specific first. */
  operations: TableEntry[];
  /** The level it needs: "public", a ladder level, or the top for unknown and unranked ones. */
  level: string;
  /** Why the use maps to no operation, or null. */
  unknown: string | null;
}

/** The use's operations and level; undefined for a named import that is not a table entry (`ladder`, a type). */
export function resolveUse(use: FoundUse, lookup: Lookup): Resolution | undefined {
  switch (use.kind) {
    case "call":
      if (use.either !== undefined) return resolveEither(lookup, use.either);
      return use.path === null
        ? unknown(lookup, "path is not a literal")
        : resolveCall(lookup, use.method, use.path, use.values);
    case "wait":
      return resolveCall(lookup, WAIT_FOR_TASK_CALL.method, WAIT_FOR_TASK_CALL.path);
    case "named":
      return byName(lookup, use.entry, use.values);
    case "table":
      if (use.entry === null) return unknown(lookup, "entry name is not a literal");
      if (use.via === "import" && !lookup.byName.has(use.entry)) return undefined; // another export of operations.js
      return byName(lookup, use.entry);
    case "unreadable":
      return unknown(lookup, `the file ${use.reason}`);
    case "unknown":
      return unknown(lookup, use.reason);
  }
}

/**
 * A helper's call that any of several calls does (a job read: the one-job operation or the list): the least
 * demanding of those the table has, as the runtime picks the least the client may make; unknown when it has none.
 */
function resolveEither(lookup: Lookup, calls: readonly (readonly [string, string])[]): Resolution {
  const found = calls.map(([method, path]) => resolveCall(lookup, method, path));
  const known = found.filter((r) => r.unknown === null);
  if (known.length === 0) return found[0] ?? unknown(lookup, "a helper call with no operation");
  return known.reduce((least, r) =>
    levelRank(lookup.ladder, r.level) < levelRank(lookup.ladder, least.level) ? r : least,
  );
}

function byName(lookup: Lookup, name: string, values?: PathValues): Resolution {
  const entry = lookup.byName.get(name);
  if (!entry) return unknown(lookup, `the table has no entry "${name}"`);
  const compiled = lookup.compiled.byTemplate.get(`${entry.method.toUpperCase()} ${entry.path}`);
  return compiled ? byTemplate(lookup, compiled, values) : resolved(lookup, [entry]);
}

/** How many requests literal values may make (a few conditionals multiply): past it, every sibling counts. */
const FILLED_MAX = 64;

/**
 * A call by template: every operation a request filled from it may be (see the module comment), its own first. With
 * the literal values of every parameter (usage/path-values.ts), exactly what the requests those values make reach.
 */
function byTemplate(lookup: Lookup, entry: OperationEntry, values?: PathValues): Resolution {
  const own = keyValues(entry.path);
  const paths = values === undefined ? undefined : filledPaths(entry, values);
  if (paths !== undefined) {
    const method = entry.method.toUpperCase();
    const reached: OperationEntry[] = [];
    for (const path of paths) {
      const reading = readPath(path);
      if ("refused" in reading)
        return unknown(lookup, `${reading.message}; the guard refuses ${JSON.stringify(path)} for every color`);
      // As the guard: every match of the path sent, less the entries the key's own query rules out.
      const matches = matchPath(lookup.compiled, method, reading).filter((e) => mayBe(e, own));
      if (matches.length === 0) return unknown(lookup, `no ${method} operation matches ${path}`);
      for (const match of matches) if (!reached.includes(match)) reached.push(match);
    }
    const ordered = reached.includes(entry) ? [entry, ...reached.filter((e) => e !== entry)] : reached;
    return resolved(
      lookup,
      ordered.map((e) => lookup.origin.get(e)!),
    );
  }
  const method = entry.method.toUpperCase();
  const fallen = mayFallOn(lookup.compiled, entry);
  const candidates = fallen === ALL ? lookup.compiled.entries.filter((e) => e.method.toUpperCase() === method) : fallen;
  const reached = candidates.filter((e) => e === entry || mayBe(e, own));
  return resolved(
    lookup,
    [entry, ...reached.filter((e) => e !== entry)].map((e) => lookup.origin.get(e)!),
  );
}

/**
 * The request paths a call by `entry`'s template sends with `values`, as the runtime builds them (openapi-fetch's
 * serializer, a whole path keeping its slashes: templates/runtime/client.ts); undefined when a parameter has no value
 * (it stays `{name}` in what the runtime sends) or the values make too many requests.
 */
function filledPaths(entry: OperationEntry, values: PathValues): string[] | undefined {
  let combinations: Record<string, string>[] = [{}];
  for (const [name, texts] of Object.entries(values)) {
    combinations = combinations.flatMap((c) => texts.map((text) => ({ ...c, [name]: text })));
    if (combinations.length > FILLED_MAX) return undefined;
  }
  const template = requestPath(entry.path);
  const paths: string[] = [];
  for (const params of combinations) {
    const whole = entry.wholePath;
    const url =
      whole !== undefined && Object.hasOwn(params, whole) ? fillWholePath(template, whole, params[whole]!) : template;
    const path = defaultPathSerializer(url, params);
    if (path.includes("{")) return undefined;
    paths.push(path);
  }
  return paths;
}

/** A path as written in code: a template (`/tasks/{id}`) or concrete (`/tasks/42?x=1`). */
function resolveCall(lookup: Lookup, method: string, written: string, values?: PathValues): Resolution {
  const template = lookup.compiled.byTemplate.get(`${method.toUpperCase()} ${written}`);
  if (template) return byTemplate(lookup, template, values);
  const reading = readPath(written);
  if ("refused" in reading)
    return unknown(lookup, `${reading.message}; the guard refuses ${JSON.stringify(written)} for every color`);
  // A concrete path: every operation it matches, discriminators not read (values set beside it could differ).
  const matches = matchPath(lookup.compiled, method.toUpperCase(), reading);
  if (matches.length === 0)
    return unknown(lookup, `no ${method.toUpperCase()} operation matches ${written.split(/[?#]/)[0]}`);
  return resolved(
    lookup,
    matches.map((m) => lookup.origin.get(m)!),
  );
}

function resolved(lookup: Lookup, operations: TableEntry[]): Resolution {
  return {
    operations,
    level: mostDemanding(
      lookup.ladder,
      operations.map((op) => effectiveLevel(lookup.ladder, op.scope)),
    ),
    unknown: null,
  };
}

function unknown(lookup: Lookup, why: string): Resolution {
  const top = topLevel(lookup.ladder);
  return { operations: [], level: top, unknown: `unknown: ${why}; assumes top level (${top})` };
}

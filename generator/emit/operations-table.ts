/**
 * `operations.js` + `operations.d.ts`: the operation table. One exported, frozen entry per operation (one line each,
 * so `grep 'scope: "red"'` lists every red operation), the ladder, the `operations` map, and (types only)
 * `OperationScopes`, the (path, method) -> scope map a `levels` override re-ranks the client's types with. The
 * declarations say each thing once: an entry's type is its literal (no TSDoc: the client's method has it), and the
 * map's type is the module's own entries.
 * Written as plain text: the layout is fixed, so no printer is needed (the tests read it back with ts-morph, a
 * devDependency). Each value is marked pure, so that a bundle keeps only the exports it uses.
 *
 * `packed-table.js`: the same table as the runtime reads it (without operationIds and tags), packed into one string
 * (templates/runtime/table.ts): what the generated entries hand `createScopedClient`, a few bytes per operation.
 */

import { type OperationEntry, packTable } from "../../templates/runtime/table.js";
import type { Operation } from "../model/operations.js";
import { describeProblem, effectiveLevel, PUBLIC, topLevel } from "../model/scope.js";
import type { EmitContext } from "./context.js";
import { generatedHeader } from "./header.js";
import { blockCommentText, jsDoc, literal, literalList } from "./text.js";

/** Continuation lines of the `operations` map wrap near this width. */
const WRAP_AT = 110;

/** Lets a bundler drop a value nobody imports (`Object.freeze(…)` is a call, which it must otherwise keep). */
export const PURE = "/* @__PURE__ */ ";

export function emitOperationsTable(ctx: EmitContext): { js: string; dts: string } {
  const grant = ctx.policy === "security";
  // A client of OAuth2 scopes has no ladder: the table names every scope instead (what an unknown path needs).
  const head = grant
    ? {
        doc: jsDoc(["Every OAuth2 scope this API names: a path no operation has needs them all."], []),
        js: `export const scopes = ${PURE}Object.freeze(${literalList(ctx.scopes)});`,
        dts: `export declare const scopes: readonly ${literalList(ctx.scopes)};`,
      }
    : {
        doc: jsDoc(
          [
            blockCommentText(
              `Scope levels from least to most capable; ${literal(topLevel(ctx.ladder))} may call everything.`,
            ),
          ],
          [],
        ),
        js: `export const ladder = ${PURE}Object.freeze(${literalList(ctx.ladder)});`,
        dts: `export declare const ladder: readonly ${literalList(ctx.ladder)};`,
      };
  const mapDoc = jsDoc(["Every operation of the description, by friendly name."], []);
  const names = ctx.operations.map((op) => op.name);
  const js = [
    generatedHeader(ctx),
    head.doc,
    head.js,
    ...ctx.operations.map((op) => `\nexport const ${op.name} = ${PURE}Object.freeze(${entryLiteral(op, "js")});`),
    "",
    mapDoc,
    `export const operations = ${PURE}Object.freeze(${wrapped(
      names.map((n) => `${n},`),
      "{ ",
      " }",
    )});`,
    "",
  ];
  const others = `${literal(grant ? "scopes" : "ladder")} | "operations"`;
  // Each entry's TSDoc is the client method's (index.d.ts): its type here already shows method, path and scope.
  const dts = [
    generatedHeader(ctx),
    head.doc,
    head.dts,
    "",
    ...ctx.operations.map((op) => `export declare const ${op.name}: ${entryLiteral(op, "dts")};`),
    "",
    // The module's own entries, less its other values: the names are not spelled out a second and third time. Named,
    // so that a hover reads the name; an alias (a mapped type), not an interface, so that `Object.values` types it.
    jsDoc(["The type of `operations`: this module's entries."], []),
    `export type OperationTable = Omit<typeof import("./operations.js"), ${others}>;`,
    "",
    mapDoc,
    "export declare const operations: OperationTable;",
    "",
    jsDoc(["The scope each (path, method) requires, as the table gives it."], []),
    "export interface OperationScopes {",
    ...scopeRows(ctx.operations),
    "}",
    "",
  ];
  if (grant)
    dts.push(
      jsDoc(["The OAuth2 scope sets each (path, method) allows a call with, OR-ed (`readonly []`: public)."], []),
      "export interface OperationSecurity {",
      ...securityRows(ctx.operations),
      "}",
      "",
    );
  return { js: js.join("\n"), dts: dts.join("\n") };
}

/** An operation as the runtime reads it: the table entry without its operationId and tags. */
export function runtimeEntry(op: Operation): OperationEntry {
  const sets = op.requirement.security?.anyOf;
  const fields: [keyof OperationEntry, OperationEntry[keyof OperationEntry]][] = [
    ["name", op.name],
    ["method", op.method.toUpperCase()],
    ["path", op.path],
    ["scope", op.scope],
    // The security policy: the scope sets that allow a call, OR-ed (every scope the description names when malformed).
    ["security", sets && sets.length > 0 ? sets.map((set) => set.scopes) : undefined],
    ["requestMediaType", op.requestMediaTypes[0]],
    ["responseType", op.answer.responseType],
    ["jsonText", op.answer.jsonText.length > 0 ? op.answer.jsonText : undefined],
    ["wholePath", op.wholePath],
  ];
  return Object.fromEntries(fields.filter(([, v]) => v !== undefined)) as unknown as OperationEntry;
}

/** `packed-table.js` + `.d.ts`: the runtime's table, packed (see templates/runtime/table.ts). */
export function emitPackedTable(ctx: EmitContext): { js: string; dts: string } {
  const doc = jsDoc(
    ["The operation table as the runtime reads it, packed (see runtime/table.js); operations.js reads better."],
    [],
  );
  const packed = packTable(ctx.operations.map(runtimeEntry));
  return {
    js: [generatedHeader(ctx), doc, `export const table = ${literal(packed)};`, ""].join("\n"),
    dts: [generatedHeader(ctx), doc, "export declare const table: string;", ""].join("\n"),
  };
}

/** `{ name: "runCommand", operationId: "…", method: "POST", path: "…", scope: "red", tags: ["utilities"], … }` */
function entryLiteral(op: Operation, flavour: "js" | "dts"): string {
  const { name, method, path, scope, security, ...rest } = runtimeEntry(op);
  const entry: [string, string | readonly string[] | undefined][] = [
    ["name", name],
    ["operationId", op.operationId],
    ["method", method],
    ["path", path],
    ["scope", scope],
    ["tags", op.tags],
    ...Object.entries(rest),
  ];
  // The declaration says `Readonly<{ … }>` once rather than `readonly` before every field; lists stay readonly.
  const ro = flavour === "dts" ? "readonly " : "";
  const fields = entry
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}: ${typeof v === "string" ? literal(v) : `${ro}${literalList(v!)}`}`);
  if (security) fields.splice(5, 0, `security: ${ro}[${security.map((set) => `${ro}${literalList(set)}`).join(", ")}]`);
  return flavour === "dts" ? `Readonly<{ ${fields.join("; ")} }>` : `{ ${fields.join(", ")} }`;
}

/** `{ a, b, c,⏎  d, e }`: items joined on lines that wrap near WRAP_AT. */
function wrapped(items: string[], open: string, close: string): string {
  const lines: string[] = [];
  let line = "";
  for (const item of items) {
    if (line && line.length + item.length + 1 > WRAP_AT) {
      lines.push(line);
      line = "";
    }
    line += (line ? " " : "") + item;
  }
  lines.push(line.replace(/,$/, ""));
  return `${open}${lines.join("\n  ")}${close}`;
}

/** `@scope`, and `@public` / `@scopes <sets>` / `@unranked <why>` / `@deprecated` where they apply. */
export function operationTags(op: Operation, ctx: EmitContext): [string, string?][] {
  const tags: [string, string?][] = [["scope", blockCommentText(op.scope)]];
  const sets = op.requirement.security?.anyOf;
  if (op.scope === PUBLIC) tags.push(["public"]);
  else if (ctx.policy === "security" && sets !== undefined) {
    // The scope sets, OR-ed; a malformed requirement says why it needs every scope.
    const each = sets.map((set) => (set.scopes.length > 0 ? set.scopes.join(" ") : "(a token, no scope)"));
    tags.push(["scopes", blockCommentText(each.join(" | "))]);
    const why = describeProblem(op.requirement, ctx.scopeField);
    if (why !== undefined) tags.push(["unranked", blockCommentText(why)]);
  } else if (op.requirement.problem) {
    const why = describeProblem(op.requirement, ctx.scopeField) ?? "not ranked";
    tags.push(["unranked", blockCommentText(`${why}: callable only by ${effectiveLevel(ctx.ladder, op.scope)}`)]);
  }
  if (op.deprecated) tags.push(["deprecated"]);
  return tags;
}

function scopeRows(ops: Operation[]): string[] {
  const byPath = new Map<string, Operation[]>();
  for (const op of ops) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
  return [...byPath].map(
    ([path, list]) => `  ${literal(path)}: { ${list.map((op) => `${op.method}: ${literal(op.scope)}`).join("; ")} };`,
  );
}

/** `"/me": { get: readonly [readonly ["user-read-private"]] };`: the scope sets per (path, method). */
function securityRows(ops: Operation[]): string[] {
  const byPath = new Map<string, Operation[]>();
  for (const op of ops) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
  const sets = (op: Operation) =>
    `readonly [${(op.requirement.security?.anyOf ?? [])
      .map((set) => `readonly ${literalList(set.scopes)}`)
      .join(", ")}]`;
  return [...byPath].map(
    ([path, list]) => `  ${literal(path)}: { ${list.map((op) => `${op.method}: ${sets(op)}`).join("; ")} };`,
  );
}

/**
 * `index.d.ts`: the client's types, written out per level of the ladder so that a literal color costs the type checker
 * a lookup rather than a computation over every path. For each level, least capable first and each extending the one
 * below: the paths it may call (`GreenPaths`), its operations by name (`GreenOperations`, with JSDoc and `@scope`),
 * and the client (`GreenClient`), whose refused operations are members typed `NeedsColor<name, level>` and whose
 * path-style methods end in a signature (`Refusals`) that fails a refused path on the level it needs. The top level
 * is openapi-fetch's own `Client<paths>`. `createClient` picks the client by color.
 * `core.d.ts` types core.js: the same clients without the helpers index.js adds; `page.d.ts` types page.js: core.js's
 * clients, without the key options.
 */
import { HTTP_METHODS } from "../description/document.js";
import type { Operation } from "../model/operations.js";
import { routeLevels } from "../model/routes.js";
import { canCall, topLevel } from "../model/scope.js";
import type { EmitContext } from "./context.js";
import { descriptionFields, generatedHeader } from "./header.js";
import { callType, memberDoc, operationTypes, typeNamesOf } from "./operation-types.js";
import { PUBLIC_ERRORS, PUBLIC_TYPES } from "./public-exports.js";
import { blockCommentText, bracedList, interfaceHead, jsDoc, LINE_WIDTH, levelIdentifiers, literal } from "./text.js";
import {
  clientMembers,
  hasCompute,
  hasHelpers,
  WORKFLOW_TYPE_IMPORTS,
  workflowLevelTypes,
  workflowSharedTypes,
} from "./workflow.js";

/** What index.d.ts and core.d.ts both re-export: the errors, option and result types, the table and the schema. */
/** core.d.ts's `description` and `defaultBaseUrl`, for a client of colors or of OAuth2 scopes alike. */
export function coreConstants(ctx: EmitContext): string[] {
  return [
    jsDoc(["The description this client was generated from."], []),
    bracedList(
      "export declare const description: ",
      descriptionFields(ctx).map((field) => `readonly ${field}`),
      ";",
      ";",
    ),
    "",
    jsDoc(["Where the client sends requests unless `baseUrl` (or `keyFile`) says otherwise."], []),
    `export declare const defaultBaseUrl: ${literal(ctx.defaultBaseUrl)};`,
    "",
  ];
}

const SHARED_EXPORTS = [
  bracedList("export ", PUBLIC_ERRORS, ' from "./runtime/index.js";'),
  bracedList("export type ", PUBLIC_TYPES, ' from "./runtime/index.js";'),
  'export { ladder, operations } from "./operations.js";',
  'export type { OperationScopes } from "./operations.js";',
  'export type { components, operations as OperationTypes, paths } from "./schema.js";',
];

export function emitClientTypes(ctx: EmitContext): string {
  const { ladder } = ctx;
  // What a call needs by its route (model/routes.ts): the guard refuses a route's request unless every operation it may
  // be is callable, so the types do too.
  const routed = routeLevels(ctx.operations, ladder);
  const scopeOf = (op: Operation) => routed.get(op)!;
  const top = topLevel(ladder);
  const ids = levelIdentifiers(ladder);
  const hasTasks = ctx.taskOperation !== undefined;
  const task = hasTasks ? ctx.operations.find((op) => op.name === ctx.taskOperation)! : undefined;
  const compute = hasCompute(ctx);
  const helpers = hasHelpers(ctx);
  const typedTask = task?.answer.jsonText.includes("result") === true;
  const runtimeTypes = [
    ...new Set([
      "AccessTokens",
      "Call",
      "ClientOptions",
      "ColorCheck",
      "NeedsColor",
      "OptionalCall",
      "Refusals",
      "ReRankedClient",
      "TaskWaiting",
      "TokenSourceOptions",
      ...(typedTask ? ["TypedTask"] : []),
      "WaitOptions",
      "WithJsonText",
      ...(helpers ? WORKFLOW_TYPE_IMPORTS : []),
    ]),
  ];
  const out: string[] = [
    generatedHeader(ctx),
    'import type { Client } from "openapi-fetch";',
    bracedList("import type ", runtimeTypes, ' from "./runtime/index.js";'),
    'import type { operations as table, OperationScopes } from "./operations.js";',
    'import type { paths } from "./schema.js";',
    "",
    ...SHARED_EXPORTS,
    'export { defaultBaseUrl, description } from "./core.js";',
    "",
    jsDoc(["A level of this API's ladder, least capable first."], []),
    `export type Level = ${ladder.map(literal).join(" | ")};`,
    "",
    ...operationTypes(ctx),
  ];
  if (task) {
    out.push(
      jsDoc(
        [
          blockCommentText(
            `A task as the API answers it (\`${task.method.toUpperCase()} ${task.path}\`), its JSON \`result\` parsed.`,
          ),
        ],
        [],
      ),
      `export type Task = ${typeNamesOf(ctx, task).response};`,
      "",
      jsDoc(
        [
          typedTask
            ? "A finished task as `waitForTask` returns it: `result` is a TaskResult (`status`, `output`, `error`, " +
              "`exit_code`, `jobid`), the text when it is not a JSON object, or null."
            : "A finished task as `waitForTask` returns it.",
        ],
        [],
      ),
      `export type FinishedTask = ${typedTask ? "TypedTask<Task>" : "Task"};`,
      "",
    );
  }
  if (helpers) out.push(...workflowSharedTypes(ctx));
  ladder.forEach((level, i) => {
    const id = ids[i]!;
    const below = i > 0 ? ids[i - 1] : undefined;
    const isTop = level === top;
    const added = ctx.operations.filter(
      (op) => canCall(ladder, level, scopeOf(op)) && (i === 0 || !canCall(ladder, ladder[i - 1]!, scopeOf(op))),
    );
    const levelName = blockCommentText(literal(level));
    out.push(`// ---- ${levelName} ${"-".repeat(Math.max(0, 100 - levelName.length))}`, "");
    if (!isTop) out.push(...pathsInterface(ctx, level, id, below, scopeOf));
    const andBelow = below ? ` (those of ${literal(ladder[i - 1]!)} and more)` : "";
    out.push(
      jsDoc([`The operations a ${levelName} client may call, by name${andBelow}.`], []),
      `export interface ${id}Operations${below ? ` extends ${below}Operations` : ""} {`,
      ...added.flatMap((op) => [memberDoc(ctx, op), `  ${op.name}: ${callType(ctx, op)};`]),
      "}",
      "",
    );
    if (helpers) out.push(...workflowLevelTypes(ctx, level, id));
    const waits = [
      ...(hasTasks ? ["TaskWaiting<FinishedTask>"] : []),
      ...(compute ? [`Computing<Machine, ${id}Compute>`] : []),
      ...(helpers ? [`${id}ClientHelpers`] : []),
    ];
    const mayCall = isTop
      ? "it may call every operation"
      : `calls above ${levelName} are type errors here and ScopeErrors at run time`;
    const clientDoc = jsDoc([`A client of color ${levelName}: ${mayCall}.`], []);
    if (isTop) {
      out.push(clientDoc, interfaceHead(`${id}Client`, ["Client<paths>", `${id}Operations`, ...waits], " {}"), "");
      return;
    }
    const refused = ctx.operations.filter((op) => !canCall(ladder, level, scopeOf(op)));
    const needs = (op: Operation) => literal(scopeOf(op));
    // By name: every operation is on every client at run time (the guard refuses it); here it is not callable.
    const byName = refused.map((op) => `  readonly ${op.name}: NeedsColor<${literal(op.name)}, ${needs(op)}>;`);
    const methods = HTTP_METHODS.map((m) => {
      const upper = literal(m.toUpperCase());
      const paths = refused.filter((op) => op.method === m).map((op) => `${literal(op.path)}: ${needs(op)}`);
      const map = paths.length > 0 ? `{ ${paths.join("; ")} }` : "{}";
      const one = `  ${m.toUpperCase()}: Client<${id}Paths>[${upper}] & Refusals<${upper}, ${id}Paths, ${map}>;`;
      if (one.length <= LINE_WIDTH) return one;
      return [
        `  ${m.toUpperCase()}: Client<${id}Paths>[${upper}] &`,
        `    Refusals<${upper}, ${id}Paths, {`,
        ...paths.map((row) => `      ${row};`),
        "    }>;",
      ].join("\n");
    });
    out.push(
      clientDoc,
      interfaceHead(`${id}Client`, [`Client<${id}Paths>`, `${id}Operations`, ...waits], " {"),
      ...byName,
      ...methods,
      "}",
      "",
    );
  });
  out.push(
    "// ---- createClient " + "-".repeat(88),
    "",
    jsDoc(["The client of each color."], []),
    "export interface Clients {",
    ...ladder.map((level, i) => `  ${literal(level)}: ${ids[i]}Client;`),
    "}",
    "",
    ...createClientOverloads(ctx, (client) => client, true),
    jsDoc(
      [
        "Access tokens for a server (the `accessToken` pattern) or a script, from a key file or a key: " +
          "fetched, cached and renewed as a client's. " +
          "`color` is checked against the key file's own color where it says one.",
      ],
      [],
    ),
    "export declare function createTokenSource(options: TokenSourceOptions<Level>): AccessTokens;",
    "",
  );
  if (hasTasks) {
    out.push(
      jsDoc(
        [
          "Poll the task until it has finished (`client.waitForTask(id)` does the same); " +
            "its JSON `result` arrives parsed.",
        ],
        [],
      ),
      "export declare function waitForTask(",
      "  client: TaskWaiting<unknown>,",
      "  id: string,",
      "  options?: WaitOptions,",
      "): Promise<FinishedTask>;",
      "",
    );
  }
  return out.join("\n");
}

/**
 * `createClient`'s overloads: a literal color picks its client; `levels` computes the client from that ladder; a plain
 * `string` color gets the top level's client (only the run-time guard applies). `wrap` turns each full client type into
 * the file's own (core.d.ts: without the helpers); `helpers` says whether index.js's helpers are in the types.
 */
function createClientOverloads(
  ctx: EmitContext,
  wrap: (client: string) => string,
  helpers: boolean,
  options = "ClientOptions",
): string[] {
  const ids = levelIdentifiers(ctx.ladder);
  const topId = ids[ids.length - 1]!;
  const task = ctx.taskOperation === undefined ? "never" : "FinishedTask";
  const computing =
    (helpers && hasCompute(ctx) ? ` & Computing<Machine, ${topId}Compute>` : "") +
    (helpers && hasHelpers(ctx) ? ` & ${topId}ClientHelpers` : "");
  const reRanked =
    "ReRankedClient<paths, OperationScopes, " + `${topId}Operations, typeof table, ${task}, L, C>${computing}`;
  return [
    jsDoc(
      [
        "A client that refuses every call above its color: " +
          "at compile time where the color is a literal, always at run time.",
        "With `levels`, the types follow that ladder (computed, so dearer to type-check); " +
          "with a `color` typed as plain `string`, every operation type-checks and only the run-time guard applies.",
      ],
      [],
    ),
    declaration("createClient<const C extends Level>", `${options}<C> & { levels?: undefined }`, wrap("Clients[C]")),
    declaration(
      "createClient<const C extends string, const L extends readonly [string, ...string[]]>",
      `${options}<C, L> & { levels: L }`,
      wrap(reRanked),
    ),
    declaration(
      "createClient<C extends string>",
      `${options}<C> & ColorCheck<C, Level, ${literal(ctx.ladder.join(", "))}>`,
      wrap(`${topId}Client`),
    ),
    "",
  ];
}

/**
 * `export declare function name(options: Options): Returned;`, its parameter and its return type on lines of their own
 * when it does not fit (an intersection one member a line).
 */
export function declaration(name: string, options: string, returned: string): string {
  const one = `export declare function ${name}(options: ${options}): ${returned};`;
  if (one.length <= LINE_WIDTH) return one;
  const head = `export declare function ${name}(`;
  const ret = `): ${returned};`;
  const body = ret.length <= LINE_WIDTH ? [ret] : [`): ${returned.split(" & ").join("\n  & ")};`];
  return [head, `  options: ${options},`, ...body].join("\n");
}

/** `core.d.ts`: core.js's exports, its clients those of index.d.ts without `waitForTask` and `compute`. */
export function emitCoreTypes(ctx: EmitContext): string {
  const ids = levelIdentifiers(ctx.ladder);
  const topId = ids[ids.length - 1]!;
  const helpers = [
    ...(ctx.taskOperation === undefined ? [] : ["waitForTask"]),
    ...(hasCompute(ctx) ? ["compute"] : []),
    ...clientMembers(ctx),
  ];
  const omitted = helpers.map(literal).join(" | ");
  const oneLine = `export type CoreClient<Full> = ${helpers.length === 0 ? "Full" : `Omit<Full, ${omitted}>`};`;
  const coreClient =
    oneLine.length <= LINE_WIDTH ? oneLine : `export type CoreClient<Full> = Omit<\n  Full,\n  ${omitted}\n>;`;
  const fromIndex = ["Clients", ...(ctx.taskOperation === undefined ? [] : ["FinishedTask"]), "Level"];
  return [
    generatedHeader(ctx),
    'import type { ClientOptions, ColorCheck, ReRankedClient } from "./runtime/index.js";',
    `import type { ${fromIndex.join(", ")}, ${topId}Client, ${topId}Operations } from "./index.js";`,
    'import type { operations as table, OperationScopes } from "./operations.js";',
    'import type { paths } from "./schema.js";',
    "",
    ...SHARED_EXPORTS,
    'export type { Clients, Level } from "./index.js";',
    "",
    ...coreConstants(ctx),
    jsDoc(["A client as index.js makes it, without the helpers only index.js adds."], []),
    coreClient,
    "",
    jsDoc(["createClient's options without `keyFile`: core.js reads no files (index.js does)."], []),
    "export type CoreOptions<C extends string, L extends readonly string[] = readonly string[]> =",
    "  ClientOptions<C, L> & { keyFile?: never };",
    "",
    ...createClientOverloads(ctx, (client) => `CoreClient<${client}>`, false, "CoreOptions"),
  ].join("\n");
}

/** `page.d.ts`: page.js's exports, its clients core.js's, its options without keyFile, clientId and privateKey. */
export function emitPageTypes(ctx: EmitContext): string {
  const ids = levelIdentifiers(ctx.ladder);
  const topId = ids[ids.length - 1]!;
  const fromIndex = ["Clients", ...(ctx.taskOperation === undefined ? [] : ["FinishedTask"]), "Level"];
  return [
    generatedHeader(ctx),
    'import type { CoreClient } from "./core.js";',
    'import type { ClientOptions, ColorCheck, ReRankedClient } from "./runtime/index.js";',
    `import type { ${fromIndex.join(", ")}, ${topId}Client, ${topId}Operations } from "./index.js";`,
    'import type { operations as table, OperationScopes } from "./operations.js";',
    'import type { paths } from "./schema.js";',
    "",
    ...SHARED_EXPORTS,
    'export { defaultBaseUrl, description } from "./core.js";',
    'export type { CoreClient } from "./core.js";',
    'export type { Clients, Level } from "./index.js";',
    "",
    jsDoc(
      [
        "createClient's options without the key options: page.js takes its tokens from `accessToken` " +
          "(core.js and index.js take keys).",
      ],
      [],
    ),
    "export type PageOptions<C extends string, L extends readonly string[] = readonly string[]> =",
    "  ClientOptions<C, L> & { keyFile?: never; clientId?: never; privateKey?: never };",
    "",
    ...createClientOverloads(ctx, (client) => `CoreClient<${client}>`, false, "PageOptions"),
  ].join("\n");
}

/**
 * `interface GreenPaths { "/tasks": { get: ReadTasksOp }; ... }`: only the paths where this level adds methods. Paths
 * new at this level whose every operation it may call are taken whole from `paths` (`extends Pick<paths, …>`, or
 * `Omit<paths, …>` when that list is shorter, or `paths` itself for a level that may call everything): their methods
 * are not spelled out. openapi-typescript writes a path's other methods `?: never`, which openapi-fetch and
 * `Refusals` read as absent.
 */
function pathsInterface(
  ctx: EmitContext,
  level: string,
  id: string,
  below: string | undefined,
  scopeOf: (op: Operation) => string,
): string[] {
  const { ladder } = ctx;
  const index = ladder.indexOf(level);
  const callable = (op: Operation) => canCall(ladder, level, scopeOf(op));
  const callableBelow = (op: Operation) => index > 0 && canCall(ladder, ladder[index - 1]!, scopeOf(op));
  const byPath = new Map<string, Operation[]>();
  for (const op of ctx.operations) byPath.set(op.path, [...(byPath.get(op.path) ?? []), op]);
  const whole: string[] = [];
  const others: string[] = [];
  const rows: string[] = [];
  for (const [path, ops] of byPath) {
    const mine = ops.filter(callable);
    if (mine.length === ops.length && !ops.some(callableBelow)) {
      whole.push(path);
      continue;
    }
    others.push(path);
    if (mine.length === 0 || mine.every(callableBelow)) continue;
    const methods = mine.map((op) => `${op.method}: ${typeNamesOf(ctx, op).op}`);
    rows.push(bracedList(`  ${literal(path)}: `, methods, ";", ";").replace(/\n/g, "\n  "));
  }
  const name = blockCommentText(literal(level));
  const doc = jsDoc([`The paths, and their methods, a ${name} client may call.`], []);
  const tail = rows.length > 0 ? " {" : " {}";
  const body = rows.length > 0 ? [...rows, "}", ""] : [""];
  const bases = below ? [`${below}Paths`] : [];
  if (others.length === 0) return [doc, interfaceHead(`${id}Paths`, [...bases, "paths"], tail), ...body];
  if (whole.length === 0) {
    const head = bases.length > 0 ? interfaceHead(`${id}Paths`, bases, tail) : `export interface ${id}Paths${tail}`;
    return [doc, head, ...body];
  }
  // The shorter list: the paths taken whole, or those not.
  const [generic, list] = whole.length <= others.length ? ["Pick", whole] : ["Omit", others];
  const at = bases.length > 0 ? "    " : "  ";
  return [
    doc,
    `export interface ${id}Paths`,
    ...(bases.length > 0 ? [`  extends ${bases[0]},`, `${at}${generic}<`] : [`  extends ${generic}<`]),
    `${at}  paths,`,
    ...list.map((path) => `${at}  | ${literal(path)}`),
    `${at}>${tail}`,
    ...body,
  ];
}

/**
 * Validate a description as the ecosystem does: refuse only what would make our reading of it a guess, warn of what
 * only judges style (docs/generate.md, "What refuses a description"). Two parts, neither of them redocly's lint:
 *
 * - the OpenAPI 3.0 or 3.1 JSON Schema, compiled by ajv at build time into standalone code (bin/build.mjs writes
 *   dist/generator/description/oas-*.cjs): a strict validator (every rule of the schema) runs first; only when it
 *   finds something does the lenient one (the schema less its style rules) say which of it are errors;
 * - one walk of the document by the types of OpenAPI's objects: every `$ref` it meets where redocly's walk would must
 *   resolve, and it notes where redocly's bundler would change the document (see bundle.ts): with every `$ref`
 *   internal, usually nowhere, and read.ts then needs no bundler.
 *
 * Linear in the document: the validators are compiled code without backtracking over description text (formats and
 * patterns of description strings are not checked), and the walk visits each node once per type.
 */
import { createRequire } from "node:module";
import { join } from "node:path";
import { packageRoot } from "../package-files.js";
import { escapePointer, MAX_REF_HOPS, refSegments } from "./pointer.js";

/** One problem, with the JSON pointer (without `#`) of where it is. */
export interface LintProblem {
  severity: "error" | "warn";
  ruleId: "struct" | "no-unresolved-refs";
  message: string;
  pointer: string;
}

/**
 * Where redocly's bundler would change the document: `inline` is a `$ref` where a plain value belongs (an example's
 * `value`, a schema's `example`, a `description`...), which the bundler replaces by its target; `other` is anything
 * else it might change (a discriminator mapping not already `#/components/schemas/<name>`, an `externalValue` it
 * loads, a missing `components` it adds, a `$ref` in a place this walk does not model), for which read.ts runs the
 * bundler itself. Pointers as redocly writes them (`#/a/b`).
 */
export type BundlerChange = { kind: "inline"; at: string; target: string } | { kind: "other"; at: string };

export interface LintReport {
  problems: LintProblem[];
  bundlerChanges: BundlerChange[];
}

interface AjvError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}
type Validator = ((data: unknown) => boolean) & { errors?: AjvError[] | null };

const require = createRequire(import.meta.url);
const validators = new Map<string, Validator>();

/** A validator bin/build.mjs compiled: `strict30`, `lenient30`, `strict31` or `lenient31`. */
function validator(name: string): Validator {
  let found = validators.get(name);
  if (!found) {
    found = require(join(packageRoot, "dist", "generator", "description", `oas-${name}.cjs`)) as Validator;
    validators.set(name, found);
  }
  return found;
}

/** Problems beyond this many are counted, not described (a broken 13 MB description can have thousands). */
const MAX_REPORTED = 1000;

export function lint(document: Record<string, unknown>): LintReport {
  const version = String(document.openapi).startsWith("3.0") ? "30" : "31";
  const problems: LintProblem[] = [];
  const strict = validator(`strict${version}`);
  if (!strict(document)) {
    const warnings = reduce(strict.errors ?? [], document);
    const lenient = validator(`lenient${version}`);
    const errors = lenient(document) ? [] : reduce(lenient.errors ?? [], document);
    const isError = new Set(errors.map((e) => `${e.pointer} ${e.message}`));
    problems.push(...errors.map((e) => ({ ...e, severity: "error" as const })));
    for (const w of warnings)
      if (!isError.has(`${w.pointer} ${w.message}`)) problems.push({ ...w, severity: "warn" as const });
  }
  const bundlerChanges: BundlerChange[] = [];
  new Walk(document, problems, bundlerChanges).root();
  return { problems, bundlerChanges };
}

/**
 * ajv's errors as one message per problem: the branches of an `anyOf`/`oneOf` that a node failed are reduced to the
 * deepest ones, a Reference's missing `$ref` (the node is not meant as one) and the combinators' own errors dropped,
 * and the `enum` errors at one place merged into one list of what it may be.
 */
function reduce(errors: readonly AjvError[], document: unknown): Omit<LintProblem, "severity">[] {
  const kept = errors.slice(0, MAX_REPORTED).filter((e) => {
    if (["anyOf", "oneOf", "if", "not", "$ref"].includes(e.keyword)) return false;
    return !(e.keyword === "required" && e.params.missingProperty === "$ref");
  });
  // Of the branches' errors under one node, the deepest say what is wrong: a property of a Schema, not "not a
  // Reference".
  const depth = (path: string) => (path === "" ? 0 : path.split("/").length);
  const out = new Map<string, Omit<LintProblem, "severity">>();
  const enums = new Map<string, Set<string>>();
  for (const e of kept) {
    const deeper = kept.some(
      (o) =>
        o !== e && o.instancePath.startsWith(e.instancePath + "/") && depth(o.instancePath) > depth(e.instancePath),
    );
    if (deeper && e.keyword !== "additionalProperties" && e.keyword !== "unevaluatedProperties") continue;
    if (e.keyword === "enum") {
      const allowed = enums.get(e.instancePath) ?? new Set<string>();
      for (const value of (e.params.allowedValues as unknown[]) ?? []) allowed.add(JSON.stringify(value));
      enums.set(e.instancePath, allowed);
      out.set(`${e.instancePath} enum`, { ruleId: "struct", message: "", pointer: e.instancePath });
      continue;
    }
    const problem = describe(e, document);
    out.set(`${problem.pointer} ${problem.message}`, problem);
  }
  for (const [pointer, allowed] of enums) {
    const key = lastKey(pointer);
    const problem = out.get(`${pointer} enum`)!;
    problem.message = `\`${key}\` can be one of the following only: ${[...allowed].join(", ")}.`;
  }
  return [...out.values()];
}

/** One ajv error in the words redocly used (the messages users and tests know). */
function describe(e: AjvError, document: unknown): Omit<LintProblem, "severity"> {
  const at = e.instancePath;
  switch (e.keyword) {
    case "type": {
      const expected = ([] as unknown[]).concat(e.params.type).join("` or `");
      return {
        ruleId: "struct",
        message: `Expected type \`${expected}\` but got \`${typeName(at, document)}\`.`,
        pointer: at,
      };
    }
    case "required":
      return {
        ruleId: "struct",
        message: `The field \`${String(e.params.missingProperty)}\` must be present on this level.`,
        pointer: at,
      };
    case "additionalProperties":
    case "unevaluatedProperties": {
      const name = String(e.params.additionalProperty ?? e.params.unevaluatedProperty);
      return {
        ruleId: "struct",
        message: `Property \`${name}\` is not expected here.`,
        pointer: `${at}/${escapePointer(name)}`,
      };
    }
    default:
      return { ruleId: "struct", message: `\`${lastKey(at)}\` ${e.message ?? e.keyword}.`, pointer: at };
  }
}

function lastKey(pointer: string): string {
  const segments = refSegments(pointer);
  return segments?.[segments.length - 1] ?? "";
}

function typeName(pointer: string, document: unknown): string {
  const segments = refSegments(pointer) ?? [];
  let at: unknown = document;
  for (const s of segments) at = at !== null && typeof at === "object" ? (at as Record<string, unknown>)[s] : undefined;
  return at === null ? "null" : Array.isArray(at) ? "array" : typeof at;
}

type Plain = Record<string, unknown>;

/** What the walk knows of a position: an OpenAPI object type, a map or list of one, or a plain value. */
type Kind = string | { map: Kind } | { list: Kind } | "scalar" | "unknown";

const S = "scalar";
const text = { description: S, summary: S, title: S };
const examples = { example: S, examples: { map: "Example" } };
/**
 * The types redocly's walk visits that matter here, their fields in its order; a field not listed is walked as
 * "unknown" (see `field`).
 */
const TYPES: Record<string, Record<string, Kind>> = {
  Root: { paths: { map: "PathItem" }, webhooks: { map: "PathItem" }, components: "Components" },
  Components: {
    schemas: { map: "Schema" },
    responses: { map: "Response" },
    parameters: { map: "Parameter" },
    examples: { map: "Example" },
    requestBodies: { map: "RequestBody" },
    headers: { map: "Header" },
    callbacks: { map: { map: "PathItem" } },
    pathItems: { map: "PathItem" },
  },
  PathItem: {
    ...text,
    ...Object.fromEntries(
      ["get", "put", "post", "delete", "options", "head", "patch", "trace"].map((m) => [m, "Operation"]),
    ),
    parameters: { list: "Parameter" },
  },
  Operation: {
    ...text,
    operationId: S,
    parameters: { list: "Parameter" },
    requestBody: "RequestBody",
    responses: { map: "Response" },
    callbacks: { map: { map: "PathItem" } },
  },
  Parameter: { name: S, in: S, ...text, schema: "Schema", content: { map: "MediaType" }, ...examples },
  Header: { ...text, schema: "Schema", content: { map: "MediaType" }, ...examples },
  RequestBody: { ...text, content: { map: "MediaType" } },
  Response: { ...text, headers: { map: "Header" }, content: { map: "MediaType" } },
  MediaType: { schema: "Schema", ...examples, encoding: { map: "Encoding" } },
  Encoding: { headers: { map: "Header" } },
  Example: { ...text, value: S, externalValue: S },
  Schema: {
    ...text,
    example: S,
    properties: { map: "Schema" },
    patternProperties: { map: "Schema" },
    dependentSchemas: { map: "Schema" },
    $defs: { map: "Schema" },
    items: "Schema",
    prefixItems: { list: "Schema" },
    allOf: { list: "Schema" },
    anyOf: { list: "Schema" },
    oneOf: { list: "Schema" },
    ...Object.fromEntries(
      [
        "additionalProperties",
        "additionalItems",
        "not",
        "if",
        "then",
        "else",
        "contains",
        "propertyNames",
        "unevaluatedItems",
        "unevaluatedProperties",
      ].map((k) => [k, "Schema"]),
    ),
  },
};

class Walk {
  private readonly seen = new Map<object, Set<string>>();
  /** Where each `$ref` text leads ("anchor" and "nowhere" too): a document names the same few targets many times. */
  private readonly targets = new Map<string, { node: unknown; pointer: string } | "anchor" | "nowhere">();

  constructor(
    private readonly document: Plain,
    private readonly problems: LintProblem[],
    private readonly changes: BundlerChange[],
  ) {}

  root(): void {
    if (!isPlain(this.document.components)) this.changes.push({ kind: "other", at: "#/" });
    this.visit(this.document, "Root", "");
  }

  private visit(node: unknown, kind: Kind, pointer: string): void {
    if (kind === "scalar") {
      if (isRef(node)) {
        const target = this.resolve(node, pointer);
        if (target) this.changes.push({ kind: "inline", at: `#${pointer}`, target: `#${target.pointer}` });
      }
      return;
    }
    if (kind === "unknown") {
      // A field of a type this walk does not model: redocly may inline or keep a `$ref` there; its bundler decides.
      if (isRef(node) && this.resolve(node, pointer)) this.changes.push({ kind: "other", at: `#${pointer}` });
      return;
    }
    if (isRef(node)) {
      const target = this.resolve(node, pointer);
      if (target) this.visit(target.node, kind, target.pointer);
      return;
    }
    if (node === null || typeof node !== "object") return;
    if (typeof kind !== "string") {
      const inner = "list" in kind ? kind.list : kind.map;
      if ("list" in kind !== Array.isArray(node)) return; // the schema validation names the wrong type
      const entries = Array.isArray(node) ? node.map((v, i) => [String(i), v] as const) : Object.entries(node);
      for (const [key, value] of entries) {
        if (!Array.isArray(node) && key.startsWith("x-")) this.extension(value, child(pointer, key));
        else this.visit(value, inner, child(pointer, key));
      }
      return;
    }
    if (Array.isArray(node)) return;
    // A node reached again (through a `$ref`, or as its own place) as the same type: walked once, as redocly does.
    const kinds = this.seen.get(node);
    if (kinds?.has(kind)) return;
    if (kinds) kinds.add(kind);
    else this.seen.set(node, new Set([kind]));
    const fields = TYPES[kind]!;
    const plain = node as Plain;
    // The type's own fields first, in redocly's order (paths before components), as its walk meets them.
    const keys = Object.keys(fields).filter((key) => Object.hasOwn(plain, key));
    for (const key of Object.keys(plain)) if (!Object.hasOwn(fields, key)) keys.push(key);
    for (const key of keys) {
      const at = child(pointer, key);
      if (key.startsWith("x-")) this.extension(plain[key], at);
      else this.visit(plain[key], field(fields, key, plain[key]), at);
    }
    if (kind === "Example" && typeof plain.externalValue === "string" && plain.value === undefined)
      this.changes.push({ kind: "other", at: `#${pointer}` });
    if (kind === "Schema" && isPlain(plain.discriminator) && isPlain(plain.discriminator.mapping))
      this.mapping(plain.discriminator.mapping, child(child(pointer, "discriminator"), "mapping"));
  }

  /** An extension's value: redocly resolves a `$ref` there and keeps it; nothing below it is walked. */
  private extension(value: unknown, pointer: string): void {
    if (isRef(value)) this.resolve(value, pointer);
  }

  /**
   * The bundler re-points every mapping at `#/components/schemas/<name>`, storing the target there: no change only
   * where a mapping already says so of a schema that is no `$ref` itself.
   */
  private mapping(mapping: Plain, pointer: string): void {
    const schemas = isPlain(this.document.components) ? this.document.components.schemas : undefined;
    for (const [name, value] of Object.entries(mapping)) {
      const m = typeof value === "string" ? /^#\/components\/schemas\/([^/~%]+)$/.exec(value) : null;
      const same = m && isPlain(schemas) && Object.hasOwn(schemas, m[1]!) && !isRef(schemas[m[1]!]);
      if (!same) this.changes.push({ kind: "other", at: `#${child(pointer, name)}` });
    }
  }

  /**
   * Where a `$ref` leads, following `$ref`s met on the way as redocly's resolver does; an error when it leads nowhere
   * inside the document. An anchor (`#name`) resolves for redocly: its bundler handles it.
   */
  private resolve(node: { $ref: string }, pointer: string): { node: unknown; pointer: string } | undefined {
    let target = this.targets.get(node.$ref);
    if (target === undefined) this.targets.set(node.$ref, (target = this.target(node.$ref)));
    if (target === "anchor") this.changes.push({ kind: "other", at: `#${pointer}` });
    else if (target === "nowhere")
      this.problems.push({ severity: "error", ruleId: "no-unresolved-refs", message: "Can't resolve $ref", pointer });
    else return target;
    return undefined;
  }

  private target(ref: string): { node: unknown; pointer: string } | "anchor" | "nowhere" {
    if (/^#[A-Za-z_][\w.-]*$/.test(ref)) return "anchor";
    for (let hops = 0; hops < MAX_REF_HOPS; hops++) {
      const segments = ref.startsWith("#") ? refSegments(ref) : undefined;
      let at: unknown = this.document;
      for (const segment of segments ?? []) {
        for (let through = 0; isRef(at) && through < MAX_REF_HOPS; through++) at = this.lookup(at.$ref);
        at = at !== null && typeof at === "object" && Object.hasOwn(at, segment) ? (at as Plain)[segment] : undefined;
      }
      if (segments === undefined || at === undefined) break;
      if (!isRef(at)) return { node: at, pointer: ref.slice(1) };
      ref = at.$ref;
    }
    return "nowhere";
  }

  private lookup(ref: string): unknown {
    const segments = ref.startsWith("#") ? refSegments(ref) : undefined;
    let at: unknown = this.document;
    for (const s of segments ?? [])
      at = at !== null && typeof at === "object" && Object.hasOwn(at, s) ? (at as Plain)[s] : undefined;
    return segments ? at : undefined;
  }
}

/** A field's kind in a type: listed, or for a Schema's `items` a list (3.0's tuple form), else unknown. */
function field(fields: Record<string, Kind>, key: string, value: unknown): Kind {
  if (!Object.hasOwn(fields, key)) return "unknown";
  const kind = fields[key]!;
  if (key === "items" && Array.isArray(value)) return { list: "Schema" };
  if (kind === "Schema" && typeof value === "boolean") return "scalar";
  return kind;
}

function child(pointer: string, key: string): string {
  return `${pointer}/${escapePointer(key)}`;
}

function isPlain(value: unknown): value is Plain {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function isRef(value: unknown): value is { $ref: string } {
  return isPlain(value) && Object.hasOwn(value, "$ref") && typeof value.$ref === "string";
}

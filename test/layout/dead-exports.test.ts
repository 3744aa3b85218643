/**
 * No dead exports: every name a module of generator/ or templates/runtime/ exports is imported somewhere (product
 * code, tests, the bench, or the checked-in client generated/, which imports the runtime's modules), or is part of
 * the public API: what the entry points (generator/index.ts, generator/facility/index.ts, templates/runtime/index.ts,
 * the CLI's generator/cli/main.ts) export. Read with the TypeScript compiler's parser, one file at a time: no program.
 * A namespace import, `export * from`, or a dynamic import whose names cannot be read marks the whole module used;
 * a name the module itself uses (a type in an exported signature) is not dead: only its export would be.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import type * as TS from "typescript";
import { describe, expect, it } from "vitest";
import { ts } from "../../generator/usage/typescript.js";
import { root } from "../support/project.js";

const ENTRIES = [
  "generator/index.ts",
  "generator/facility/index.ts",
  "templates/runtime/index.ts",
  "generator/cli/main.ts",
];
const CHECKED = ["generator/", "templates/runtime/"];
/** Imports by a computed path, which the reader cannot follow: bin/build.mjs runs dist/ builds of modules. */
const BY_PATH: [importer: string, module: string, names: string[]][] = [
  ["bin/build.mjs", "generator/emit/schema.ts", ["SCHEMA_CACHE_FILE", "schemaCacheEntry"]],
];
const SKIP = new Set(["node_modules", ".tmp", ".peers", "dist"]);

function files(dir: string, keep: (name: string) => boolean): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...files(path, keep));
    else if (keep(entry.name)) out.push(path);
  }
  return out;
}

const isTs = (name: string) => name.endsWith(".ts") && !name.endsWith(".d.ts");
/** The generated client's own files (not its compiled runtime copy), which import `./runtime/<module>.js`. */
const generatedFiles = readdirSync(join(root, "generated")).filter((n) => /\.(js|d\.ts)$/.test(n));

/** A relative specifier from `from` -> the repository path of the .ts module it names, or undefined. */
function target(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  let path = relative(root, resolve(root, dirname(from), specifier))
    .split("\\")
    .join("/");
  if (path.startsWith("dist/")) path = path.slice("dist/".length); // bin/build.mjs imports built modules
  if (path.startsWith("generated/runtime/")) path = `templates/runtime/${path.slice("generated/runtime/".length)}`;
  return path.replace(/\.(js|mjs|ts)$/, ".ts");
}

const hasExport = (node: TS.Node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** The names a module exports itself (declarations and local `export { }`); re-exports are listed as imports. */
function exportedNames(source: TS.SourceFile): string[] {
  const names: string[] = [];
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      if (!statement.moduleSpecifier && statement.exportClause && ts.isNamedExports(statement.exportClause))
        for (const e of statement.exportClause.elements) names.push(e.name.text);
      else if (statement.exportClause && ts.isNamedExports(statement.exportClause))
        for (const e of statement.exportClause.elements) names.push(e.name.text);
    } else if (ts.isExportAssignment(statement)) names.push("default");
    else if (hasExport(statement)) {
      if (ts.isVariableStatement(statement))
        for (const d of statement.declarationList.declarations) {
          if (ts.isIdentifier(d.name)) names.push(d.name.text);
        }
      else if ((statement as TS.DeclarationStatement).name)
        names.push(((statement as TS.DeclarationStatement).name as TS.Identifier).text);
    }
  }
  return names;
}

/**
 * How often each identifier appears in a module outside its export clauses: a name that appears more than once (its
 * declaration and a use) serves the module itself, as a type in an exported signature does; exporting it is no harm.
 */
function localUses(source: TS.SourceFile): Map<string, number> {
  const counts = new Map<string, number>();
  const visit = (node: TS.Node): void => {
    if (ts.isExportSpecifier(node)) return;
    if (ts.isIdentifier(node)) counts.set(node.text, (counts.get(node.text) ?? 0) + 1);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return counts;
}

/** module path -> names imported from it ("*" for all). */
const used = new Map<string, Set<string>>();
function use(module: string | undefined, names: Iterable<string>): void {
  if (!module) return;
  const set = used.get(module) ?? new Set<string>();
  for (const n of names) set.add(n);
  used.set(module, set);
}

function namesOf(pattern: TS.BindingName | undefined): string[] {
  if (!pattern || !ts.isObjectBindingPattern(pattern)) return ["*"];
  return pattern.elements.map((e) =>
    e.dotDotDotToken ? "*" : (((e.propertyName ?? e.name) as TS.Identifier).text ?? "*"),
  );
}

/**
 * Each file parsed once (the modules checked are importers too), without JSDoc: the walks below never enter it, and
 * parsing it was a fifth of the parse (generator/usage/typescript.ts).
 */
const parsed = new Map<string, TS.SourceFile>();
function parse(path: string, text: string): TS.SourceFile {
  let source = parsed.get(path);
  if (source === undefined) {
    const settings = { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone };
    parsed.set(path, (source = ts.createSourceFile(path, text, settings, true)));
  }
  return source;
}

function readImports(path: string, text: string): void {
  const source = parse(path, text);
  const spec = (node: TS.Expression | undefined) =>
    node && ts.isStringLiteralLike(node) ? target(path, node.text) : undefined;
  const visit = (node: TS.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const module = spec(node.moduleSpecifier);
      const clause = node.importClause;
      if (!clause) use(module, []);
      else {
        if (clause.name) use(module, ["default"]);
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) use(module, ["*"]);
        else if (bindings)
          use(
            module,
            bindings.elements.map((e) => (e.propertyName ?? e.name).text),
          );
      }
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      const module = spec(node.moduleSpecifier);
      if (!node.exportClause || !ts.isNamedExports(node.exportClause)) use(module, ["*"]);
      else
        use(
          module,
          node.exportClause.elements.map((e) => (e.propertyName ?? e.name).text),
        );
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      use(spec(node.arguments[0]), dynamicNames(node));
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const module = spec(node.argument.literal as TS.Expression);
      use(module, [node.qualifier && ts.isIdentifier(node.qualifier) ? node.qualifier.text : "*"]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

/** `const { a } = await import(x)` and `const [{ a }, { b }] = await Promise.all([import(x), import(y)])`. */
function dynamicNames(call: TS.CallExpression): string[] {
  let node: TS.Node = call.parent;
  if (ts.isAwaitExpression(node)) {
    const declaration = node.parent;
    return ts.isVariableDeclaration(declaration) ? namesOf(declaration.name) : ["*"];
  }
  if (ts.isArrayLiteralExpression(node)) {
    const index = node.elements.indexOf(call);
    node = node.parent;
    if (!ts.isCallExpression(node) || !ts.isAwaitExpression(node.parent)) return ["*"];
    const declaration = node.parent.parent;
    if (!ts.isVariableDeclaration(declaration) || !ts.isArrayBindingPattern(declaration.name)) return ["*"];
    const element = declaration.name.elements[index];
    return element && ts.isBindingElement(element) ? namesOf(element.name) : ["*"];
  }
  return ["*"];
}

const checked = CHECKED.flatMap((dir) => files(dir.slice(0, -1), isTs));
const importers = [
  ...["generator", "templates", "test"].flatMap((dir) => files(dir, (n) => isTs(n) || n.endsWith(".mjs"))),
  "vitest.config.ts",
  ...files("bin", (n) => n.endsWith(".mjs") || n.endsWith(".js")),
  ...generatedFiles.map((n) => `generated/${n}`),
];

describe("exports", () => {
  it("reads imports the way the code writes them", () => {
    // A canary per form the reader handles, so that a reader that sees nothing fails here, not silently.
    readImports("generator/x.ts", 'import { runtimeTemplate } from "./package-files.js";');
    expect(used.get("generator/package-files.ts")).toContain("runtimeTemplate");
    used.clear();
  });

  it("are each imported somewhere, or public", () => {
    for (const path of importers) readImports(path, readFileSync(join(root, path), "utf8"));
    for (const [importer, module, names] of BY_PATH) {
      const text = readFileSync(join(root, importer), "utf8");
      use(
        module,
        names.filter((name) => text.includes(`.${name}`)),
      );
    }
    const dead: string[] = [];
    for (const path of checked) {
      if (ENTRIES.includes(path)) continue;
      const names = used.get(path) ?? new Set<string>();
      if (names.has("*")) continue;
      const source = parse(path, readFileSync(join(root, path), "utf8"));
      const local = localUses(source);
      for (const name of exportedNames(source))
        if (!names.has(name) && (local.get(name) ?? 0) < 2) dead.push(`${path}: ${name}`);
    }
    expect(dead).toEqual([]);
  });
});

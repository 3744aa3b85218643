/**
 * Find, with ts-morph, every place a TypeScript code base uses a generated client:
 *  - calls `<anything>.GET|PUT|POST|DELETE|OPTIONS|HEAD|PATCH|TRACE(path, ...)`: upper-case method names are
 *    openapi-fetch's convention and rare elsewhere, so any receiver counts (a wrapper or a renamed client is not
 *    missed; over-counting can only raise the color, never lower it). The path is read from its literal type, so
 *    `"/tasks"`, a `const` holding it and a template without substitutions all count as literals;
 *  - uses of the operation table: `operations.runCommand` / `operations["runCommand"]` where `operations` is imported
 *    (under any alias) or a namespace import of an `operations` module, and named imports of entries from a module
 *    whose path ends in `operations` (`import { runCommand } from "./generated/operations.js"`).
 * Imports are not resolved (`noResolve`) and no lib is loaded (`noLib`: literal types need none, and it makes the
 * scan ~30x faster), so the scan needs neither the client's types nor node_modules.
 */
import { existsSync, statSync } from "node:fs";
import { relative, resolve, sep } from "node:path";
import { Node, Project, SyntaxKind, ts } from "ts-morph";
import type { SourceFile } from "ts-morph";
import { SfapiGenError } from "../errors.js";

export const CLIENT_METHODS = ["GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"];

interface Where {
  /** Relative to the working directory, with "/" separators. */
  file: string;
  line: number;
  column: number;
  /** The code as written, shortened: `client.POST("/utilities/command/dtn01", …)`. */
  code: string;
}

export type FoundUse =
  | (Where & { kind: "call"; method: string; path: string | null })
  /** `import`: a named import of an entry (only names the table has count); `access`: `operations.x` / `operations[x]`. */
  | (Where & { kind: "table"; via: "import" | "access"; entry: string | null });

const OPERATIONS_MODULE = /(^|\/)operations(\.[cm]?[jt]s)?$/;

export function scanSources(dir: string, cwd: string = process.cwd()): FoundUse[] {
  const root = resolve(cwd, dir);
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new SfapiGenError("not a folder", dir);
  const project = new Project({
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    compilerOptions: { noResolve: true, noLib: true, noEmit: true, allowJs: false, target: ts.ScriptTarget.ES2022, jsx: ts.JsxEmit.Preserve, strict: true },
  });
  const glob = root.split(sep).join("/");
  const files = project.addSourceFilesAtPaths([`${glob}/**/*.{ts,tsx,mts,cts}`, `!${glob}/**/node_modules/**`, `!${glob}/**/*.d.ts`]);
  if (files.length === 0) throw new SfapiGenError("no TypeScript files (.ts, .tsx, .mts, .cts) in this folder", dir);
  const uses = files.flatMap((file) => scanFile(file, cwd));
  return uses.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
}

function scanFile(file: SourceFile, cwd: string): FoundUse[] {
  const name = relative(cwd, file.getFilePath()).split(sep).join("/");
  const where = (node: Node, at: Node = node): Where => {
    const { line, column } = file.getLineAndColumnAtPos(at.getStart());
    return { file: name, line, column, code: shorten(node) };
  };
  const uses: FoundUse[] = [];
  const tables = new Set<string>();

  for (const imp of file.getImportDeclarations()) {
    if (imp.isTypeOnly()) continue;
    const fromOperations = OPERATIONS_MODULE.test(imp.getModuleSpecifierValue());
    const namespace = imp.getNamespaceImport();
    if (namespace && fromOperations) tables.add(namespace.getText());
    for (const named of imp.getNamedImports()) {
      if (named.isTypeOnly()) continue;
      const imported = named.getName();
      const local = named.getAliasNode()?.getText() ?? imported;
      if (imported === "operations") tables.add(local);
      else if (fromOperations) uses.push({ kind: "table", via: "import", entry: imported, ...where(named) });
    }
  }

  file.forEachDescendant((node) => {
    if (Node.isCallExpression(node)) {
      const callee = node.getExpression();
      if (!Node.isPropertyAccessExpression(callee) || !CLIENT_METHODS.includes(callee.getName())) return;
      const [arg] = node.getArguments();
      const type = arg?.getType();
      const path = type?.isStringLiteral() ? String(type.getLiteralValue()) : null;
      uses.push({ kind: "call", method: callee.getName(), path, ...where(node, callee.getNameNode()) });
    } else if (Node.isPropertyAccessExpression(node) || Node.isElementAccessExpression(node)) {
      const target = node.getExpression();
      if (!Node.isIdentifier(target) || !tables.has(target.getText())) return;
      let entry: string | null;
      if (Node.isPropertyAccessExpression(node)) entry = node.getName();
      else {
        const type = node.getArgumentExpression()?.getType();
        entry = type?.isStringLiteral() ? String(type.getLiteralValue()) : null;
      }
      uses.push({ kind: "table", via: "access", entry, ...where(node) });
    }
  });
  return uses;
}

/** One line of code for a report: the call up to its first argument. */
function shorten(node: Node): string {
  if (Node.isCallExpression(node)) {
    const [first, ...rest] = node.getArguments();
    const callee = node.getExpression().getText().replace(/\s+/g, " ");
    return `${callee}(${first ? first.getText().replace(/\s+/g, " ") : ""}${rest.length ? ", …" : ""})`;
  }
  if (node.getKind() === SyntaxKind.ImportSpecifier) return `import { ${node.getText()} }`;
  return node.getText().replace(/\s+/g, " ");
}

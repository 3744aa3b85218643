/**
 * Read a generated client's operation table and ladder from its `operations.ts` (statically, with ts-morph: the CLI
 * runs on plain Node and cannot import TypeScript), and what it was generated from from `manifest.json` when present.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { Node, Project } from "ts-morph";
import type { Expression } from "ts-morph";
import { SfapiGenError } from "../errors.js";

export interface TableEntry {
  name: string;
  operationId?: string;
  /** Upper case, as the table has it ("POST"). */
  method: string;
  path: string;
  scope: string;
}

export interface ClientTable {
  dir: string;
  ladder: string[];
  entries: TableEntry[];
  description: { title: string; version: string } | null;
}

export function readClientTable(dir: string, cwd: string = process.cwd()): ClientTable {
  const file = join(resolve(cwd, dir), "operations.ts");
  if (!existsSync(file)) throw new SfapiGenError(`no operations.ts here: --client must name a folder written by \`sfapi-gen generate\``, dir);
  const project = new Project({ useInMemoryFileSystem: true });
  const source = project.createSourceFile("operations.ts", readFileSync(file, "utf8"));
  let ladder: string[] | undefined;
  const entries: TableEntry[] = [];
  for (const decl of source.getVariableDeclarations()) {
    if (!decl.isExported()) continue;
    const init = unwrap(decl.getInitializer());
    if (decl.getName() === "ladder" && Node.isArrayLiteralExpression(init)) {
      ladder = init.getElements().map((e) => (Node.isStringLiteral(e) ? e.getLiteralValue() : ""));
    } else if (Node.isObjectLiteralExpression(init)) {
      const fields = stringFields(init);
      if (fields.method && fields.path && fields.scope) {
        entries.push({ name: decl.getName(), operationId: fields.operationId, method: fields.method.toUpperCase(), path: fields.path, scope: fields.scope });
      }
    }
  }
  if (!ladder || ladder.length === 0 || ladder.includes("")) throw new SfapiGenError("no `export const ladder = [...]` of level names", file);
  if (entries.length === 0) throw new SfapiGenError("no operation entries (`export const name = { method, path, scope, ... }`)", file);
  return { dir, ladder, entries, description: readManifest(resolve(cwd, dir)) };
}

/** `x as const`, `(x)`, `x satisfies T` -> x. */
function unwrap(node: Expression | undefined): Expression | undefined {
  let at = node;
  while (at && (Node.isAsExpression(at) || Node.isParenthesizedExpression(at) || Node.isSatisfiesExpression(at))) at = at.getExpression();
  return at;
}

function stringFields(object: Node): Record<string, string | undefined> {
  const fields: Record<string, string | undefined> = {};
  if (!Node.isObjectLiteralExpression(object)) return fields;
  for (const prop of object.getProperties()) {
    if (!Node.isPropertyAssignment(prop)) continue;
    const value = prop.getInitializer();
    if (Node.isStringLiteral(value) || Node.isNoSubstitutionTemplateLiteral(value)) fields[prop.getName().replace(/^["']|["']$/g, "")] = value.getLiteralValue();
  }
  return fields;
}

function readManifest(dir: string): ClientTable["description"] {
  const file = join(dir, "manifest.json");
  if (!existsSync(file)) return null;
  try {
    const d = JSON.parse(readFileSync(file, "utf8"))?.description;
    return typeof d?.title === "string" && typeof d?.version === "string" ? { title: d.title, version: d.version } : null;
  } catch (error) {
    throw new SfapiGenError(`invalid JSON: ${(error as Error).message}`, file);
  }
}

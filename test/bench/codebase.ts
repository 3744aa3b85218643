/**
 * A synthetic code base of `n` TypeScript files using the checked-in v1.2 client (copied to `src/sfapi`), for `needs`
 * and `diff --code` against `tsc --noEmit` on the same files. One file in ten calls the client (named calls, `GET`
 * with a literal path, a value handed to a helper of the code's own); the others are ordinary code: interfaces,
 * classes, generic helpers, string and array work, importing one another in a chain. Deterministic.
 */
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "./peers.js";

export function writeCodebase(dir: string, n: number): { src: string; client: string } {
  rmSync(dir, { recursive: true, force: true });
  const src = join(dir, "src");
  const client = join(src, "sfapi");
  mkdirSync(join(src, "lib"), { recursive: true });
  cpSync(join(projectRoot, "generated"), client, { recursive: true });
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify(
      {
        compilerOptions: {
          strict: true,
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          skipLibCheck: true,
          noEmit: true,
          types: [],
        },
        include: ["src"],
      },
      null,
      2,
    ),
  );
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "bench-codebase", private: true, type: "module" }));
  writeFileSync(
    join(src, "client.ts"),
    [
      'import { createClient } from "./sfapi/index.js";',
      'export const green = createClient({ color: "green", accessToken: "t" });',
      'export const red = createClient({ color: "red", accessToken: "t" });',
      "export type Red = typeof red;",
      "",
    ].join("\n"),
  );
  for (let i = 0; i < n; i++) writeFileSync(join(src, "lib", `m${i}.ts`), moduleText(i));
  return { src, client };
}

function moduleText(i: number): string {
  // Each module imports its parent in a binary tree (depth log2 n, as real code is wide rather than deep).
  const parent = (i - 1) >> 1;
  const previous = i > 0 ? `import { type Record${parent}, summarise${parent} } from "./m${parent}.js";\n` : "";
  const uses =
    i % 10 === 0
      ? [
          'import { green, red, type Red } from "../client.js";',
          `export async function poll${i}(): Promise<number> {`,
          "  const tasks = await green.readTasks();",
          '  const status = await green.GET("/status/");',
          "  return (tasks.tasks?.length ?? 0) + (status.data ? 1 : 0);",
          "}",
          `export async function run${i}(client: Red, machine: "perlmutter" | "dtn01"): Promise<unknown> {`,
          '  return client.runCommand({ path: { machine }, body: { executable: "hostname" } });',
          "}",
          `export const started${i} = () => run${i}(red, "dtn01");`,
        ].join("\n") + "\n"
      : "";
  return `${previous}${uses}
export interface Record${i} {
  id: string;
  count: number;
  tags: readonly string[];
  nested?: { when: Date; why: string | null };
}

export class Thing${i} {
  protected readonly items${i} = new Map<string, Record${i}>();
  add${i}(record: Record${i}): this {
    this.items${i}.set(record.id, record);
    return this;
  }
  total${i}(): number {
    let sum = 0;
    for (const r of this.items${i}.values()) sum += r.count * (r.tags.length || 1);
    return sum;
  }
}

export function group${i}<T extends { id: string }, K extends string>(rows: readonly T[], key: (row: T) => K): Record<K, T[]> {
  const out = {} as Record<K, T[]>;
  for (const row of rows) (out[key(row)] ??= []).push(row);
  return out;
}

export function summarise${i}(records: Record${i}[]): string {
  const byTag = group${i}(records, (r) => (r.tags[0] ?? "none") as string);
  return Object.entries(byTag)
    .map(([tag, rows]) => \`\${tag}: \${rows.length} (\${rows.map((r) => r.id.toUpperCase()).join(", ")})\`)
    .join("; ")${i > 0 ? ` + summarise${parent}(records.map((r): Record${parent} => ({ ...r })))` : ""};
}
`;
}

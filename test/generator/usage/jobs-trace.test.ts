// The scan's job rule on its own (generator/usage/jobs.ts): which receivers of complete/state/cancel it traces to a
// job, which it knows are something else, which it cannot trace, and why a file may hold jobs it cannot trace. The
// rule is asked directly, on one file of a real TypeScript program; where an import leads is given by a stub.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type * as TS from "typescript";
import { describe, expect, it } from "vitest";
import { type ClientModules, traceJobs } from "../../../generator/usage/jobs.js";
import { codeProgram } from "../../../generator/usage/program.js";
import { ts } from "../../../generator/usage/typescript.js";
import { tempDir } from "../../support/project.js";

const JOB_METHODS = new Set(["complete", "state", "cancel"]);

/** One file's program, its job rule (imports resolved by `fromClient`), and its job-method calls by line. */
function trace(lines: string[], fromClient: ClientModules = () => undefined) {
  const dir = tempDir("jobs-trace-");
  const file = join(dir, "code.ts");
  writeFileSync(file, ["export {};", ...lines].join("\n"));
  const { program } = codeProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    types: [],
  });
  const source = program.getSourceFile(file)!;
  const jobs = traceJobs(source, program.getTypeChecker(), fromClient);
  const receivers: Record<number, "job" | "not a job" | "untraced"> = {};
  const visit = (node: TS.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      JOB_METHODS.has(node.expression.name.text)
    ) {
      const target = node.expression.expression;
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line; // 0 is `export {}`
      receivers[line] = jobs.isJob(target) ? "job" : jobs.isNotJob(target) ? "not a job" : "untraced";
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { jobs, receivers };
}

describe("the job rule", () => {
  it("traces jobs from submitJob, job and jobs through variables, elements, patterns, loops and callbacks", () => {
    const { receivers } = trace([
      "declare const client: any;",
      'const pm = client.compute("perlmutter");',
      'const job = await pm.submitJob("x");',
      "job.complete();",
      '(await pm.job("1")).state();',
      "const all = await pm.jobs();",
      "all[0].cancel();",
      "const [first, ...rest] = all;",
      "first.cancel();",
      "rest[0].cancel();",
      "for (const j of all.filter(Boolean)) j.state();",
      "all.map((j: any) => j.complete());",
      "all.find(() => true)?.cancel();",
      "all.at(-1)!.cancel();",
    ]);
    expect(receivers).toEqual({
      4: "job",
      5: "job",
      7: "job",
      9: "job",
      10: "job",
      11: "job",
      12: "job",
      13: "job",
      14: "job",
    });
  });

  it("knows what is clearly not a job, and leaves the rest untraced (a cycle of variables ends)", () => {
    const { receivers } = trace([
      "declare const client: any;",
      "class Thing { cancel() {} }",
      'const pm = client.compute("perlmutter");',
      "new Thing().cancel();",
      "({ cancel() {} }).cancel();",
      "pm.cancel();",
      "(await pm.jobs()).cancel();",
      "declare const stream: any;",
      "stream.cancel();",
      "function f(j: any) { j.complete(); }",
      "var a: any = b, b: any = a;",
      "a.cancel();",
    ]);
    expect(receivers).toEqual({
      4: "not a job",
      5: "not a job",
      6: "not a job",
      7: "not a job",
      9: "untraced",
      10: "untraced",
      12: "untraced",
    });
  });

  it("says why a file may hold jobs it cannot trace, or that it may not", () => {
    const client: ClientModules = (_from, specifier) =>
      specifier === "./sfapi/index.js" ? "client" : specifier === "@acme/sfapi" ? "unresolved" : undefined;
    const why = (lines: string[], getsJobs = false) => trace(lines, client).jobs.mayHoldJobs(getsJobs);
    expect(why(["const x = 1;"], true)).toBe("gets jobs from compute(...)");
    expect(why(['import type { Client } from "./sfapi/index.js";'])).toBe("imports the generated client (line 2)");
    expect(why(['import "./other.js";', 'const m = await import("./sfapi/index.js");'])).toBe(
      "imports the generated client (line 3)",
    );
    expect(why(['import { x } from "@acme/sfapi";'])).toBe(
      'imports "@acme/sfapi" (line 2), which resolves to no module and may be the generated client',
    );
    expect(why(['import type { RedJob as J } from "./types.js";', "export function f(j: J) { j.cancel(); }"])).toBe(
      "names the job type RedJob (line 3)",
    );
    expect(why(['import { Reader } from "./stream.js";', "export function f(r: Reader) { r.cancel(); }"])).toBe(
      undefined,
    );
  });
});

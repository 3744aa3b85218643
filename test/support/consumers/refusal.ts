/**
 * A consumer of the bundled description's client that makes, one per line, every kind of call the types refuse, and
 * what the compiler must say about each: the color the call needs (`NeedsColor<..., "red">`), the misspelt path, the
 * ladder for a color off it, the real mistake for a path the color may call. TypeScript 5.9 lists every overload's
 * error, 7 only the last one's: each line's message must hold its needles under both. Compiled by
 * test/runtime/refusal-messages.test.ts (5.9, against generated/) and by the pack test (5.9 and the newest, against
 * the client a user generates from the tarball).
 */

export interface RefusalCase {
  /** One line of code, inside an async function where `green`, `yellow`, `orange` and `red` are such clients. */
  code: string;
  /** Texts every diagnostic of this line must contain (an empty list: the line must compile). */
  needles: string[];
}

const COMMAND = '{ params: { path: { machine: "dtn01" } }, body: { executable: "hostname" } }';
const SUBMIT = '{ params: { path: { machine: "perlmutter" } }, body: { job: "x", isPath: false } }';

export const REFUSALS: Record<string, RefusalCase> = {
  postAboveGreen: {
    code: `await green.POST("/utilities/command/{machine}", ${COMMAND});`,
    needles: ['NeedsColor<"POST /utilities/command/{machine}", "red">'],
  },
  postAboveYellow: {
    code: `await yellow.POST("/compute/jobs/{machine}", ${SUBMIT});`,
    needles: ['NeedsColor<"POST /compute/jobs/{machine}", "red">'],
  },
  postAboveOrange: {
    code: `await orange.POST("/utilities/command/{machine}", ${COMMAND});`,
    needles: ['NeedsColor<"POST /utilities/command/{machine}", "red">'],
  },
  getNeedsYellow: {
    code: 'await green.GET("/compute/jobs/{machine}", { params: { path: { machine: "perlmutter" } } });',
    needles: ['NeedsColor<"GET /compute/jobs/{machine}", "yellow">'],
  },
  getNeedsYellowNoInit: {
    code: 'await green.GET("/utilities/download/{machine}/{path}");',
    needles: ['NeedsColor<"GET /utilities/download/{machine}/{path}", "yellow">'],
  },
  putNeedsOrangeNoInit: {
    code: 'await yellow.PUT("/utilities/upload/{machine}/{path}");',
    needles: ['NeedsColor<"PUT /utilities/upload/{machine}/{path}", "orange">'],
  },
  misspeltPath: { code: 'await green.GET("/taskz");', needles: ['NoSuchPath<"GET /taskz">'] },
  // A path green may call, by a method it does not have (openapi-typescript writes `put?: never`): no such path.
  absentMethod: { code: 'await green.PUT("/tasks");', needles: ['NoSuchPath<"PUT /tasks">'] },
  // A path green may call, with a wrong parameter: the parameter is what is wrong, not the path or the color.
  wrongOptions: {
    code: 'await green.GET("/tasks/{id}", { params: { path: { idx: "1" } } });',
    needles: ["'idx' does not exist"],
  },
  byName: {
    code: 'await green.runCommand({ path: { machine: "dtn01" }, body: { executable: "hostname" } });',
    needles: ['NeedsColor<"runCommand", "red">'],
  },
  byNameSafe: {
    code: 'await green.runCommand.safe({ path: { machine: "dtn01" }, body: { executable: "hostname" } });',
    needles: ['NeedsColor<"runCommand", "red">'],
  },
  byNameAboveYellow: {
    code: 'await yellow.submitJob({ path: { machine: "perlmutter" }, body: { job: "x", isPath: false } });',
    needles: ['NeedsColor<"submitJob", "red">'],
  },
  byNameNeedsYellow: {
    code: 'await green.readJobs({ path: { machine: "perlmutter" } });',
    needles: ['NeedsColor<"readJobs", "yellow">'],
  },
  byNameNeedsOrange: {
    code: 'await yellow.createGroup({ body: { name: "g", repo_name: "m1" } });',
    needles: ['NeedsColor<"createGroup", "orange">'],
  },
  run: { code: 'await orange.compute("perlmutter").run("hostname");', needles: ['NeedsColor<"run", "red">'] },
  submitJob: {
    code: 'await yellow.compute("perlmutter").submitJob("#!/bin/bash");',
    needles: ['NeedsColor<"submitJob", "red">'],
  },
  runTask: { code: 'await yellow.compute("perlmutter").runTask("id");', needles: ['NeedsColor<"runTask", "red">'] },
  group: { code: 'await (await yellow.group("m1")).add("alice");', needles: ['NeedsColor<"group", "orange">'] },
  createGroup: {
    code: 'await (await (await yellow.user()).projects())[0]!.createGroup("g");',
    needles: ['NeedsColor<"createGroup", "orange">'],
  },
  startTransfer: {
    code:
      'await yellow.globus.startTransfer({ sourceMachine: "dtns", targetMachine: "perlmutter", sourceDir: "/a", ' +
      'targetDir: "/b" });',
    needles: ['NeedsColor<"startTransfer", "orange">'],
  },
  entryUpload: {
    code: 'await (await yellow.compute("perlmutter").ls("/"))[0]!.upload("x");',
    needles: ['NeedsColor<"upload", "orange">'],
  },
  entryOpenWrite: {
    code: 'await (await yellow.compute("perlmutter").ls("/"))[0]!.open("w");',
    needles: ['NeedsColor<"open for writing", "orange">'],
  },
  entryDownload: {
    code: 'await (await green.compute("perlmutter").ls("/"))[0]!.download();',
    needles: ['NeedsColor<"download", "yellow">'],
  },
  unknownColor: {
    code: 'createClient({ color: "purple" });',
    needles: ['UnknownColor<"purple", "green, yellow, orange, red">'],
  },
  // A color of the ladder with a wrong option: the option is what is wrong.
  wrongOption: { code: 'createClient({ color: "green", baseUrl: 1 });', needles: ["'number' is not assignable"] },
  // What each color may do still compiles.
  allowed: {
    code:
      'await green.GET("/tasks/{id}", { params: { path: { id: "1" } } }); await green.GET("/status/"); ' +
      `await red.POST("/utilities/command/{machine}", ${COMMAND}); await green.DELETE("/tasks/{id}", ` +
      '{ params: { path: { id: "1" } } }); await red.runCommand({ path: { machine: "dtn01" }, body: ' +
      '{ executable: "id" } }); await green.compute("perlmutter").ls("/"); await red.compute("perlmutter").run("id"); ' +
      'await (await green.user()).groups(); await green.resources.outages("perlmutter"); await green.api.config(); ' +
      'await (await green.globus.transfer("t")).complete(); await (await orange.group("g")).add(["a"]); ' +
      'await (await red.compute("perlmutter").runTask("id")).result(); ' +
      'await (await green.compute("perlmutter").ls("/"))[0]!.parent.ls(); ' +
      'await (await (await yellow.compute("perlmutter").ls("/"))[0]!.open("rb")).read(); ' +
      'await (await (await orange.compute("perlmutter").ls("/"))[0]!.open("w")).close(); ' +
      'await orange.globus.startTransfer({ sourceMachine: "dtns", targetMachine: "perlmutter", sourceDir: "/a", ' +
      'targetDir: "/b" });',
    needles: [],
  },
};

/** The consumer's source, importing the client from `from`; `lines` maps each case to its 1-based line. */
export function refusalConsumer(from: string): { source: string; lines: Map<number, string> } {
  const head = [
    `import { createClient } from ${JSON.stringify(from)};`,
    'const green = createClient({ color: "green" });',
    'const yellow = createClient({ color: "yellow" });',
    'const orange = createClient({ color: "orange" });',
    'const red = createClient({ color: "red" });',
    "export async function calls(): Promise<void> {",
  ];
  const lines = new Map<number, string>();
  const body = Object.entries(REFUSALS).map(([name, c], i) => {
    lines.set(head.length + i + 1, name);
    return `  ${c.code}`;
  });
  return { source: [...head, ...body, "}", ""].join("\n"), lines };
}

/**
 * Each case's diagnostics, from `[line, message]` pairs (a message with its whole chain): a line that is no case's
 * goes under "(elsewhere)", so a problem in the consumer's head fails the comparison too.
 */
export function byCase(lines: Map<number, string>, found: readonly [number, string][]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [line, message] of found) (out[lines.get(line) ?? "(elsewhere)"] ??= []).push(message);
  return out;
}

/** What each case's diagnostics lack: empty when every refused line has one error holding its needles. */
export function refusalProblems(
  found: Record<string, string[]>,
  cases: Record<string, RefusalCase> = REFUSALS,
): string[] {
  const problems: string[] = [];
  for (const [name, messages] of Object.entries(found))
    if (!(name in cases)) problems.push(`${name}: unexpected ${JSON.stringify(messages)}`);
  for (const [name, { needles }] of Object.entries(cases)) {
    const messages = found[name] ?? [];
    const expected = needles.length === 0 ? 0 : 1;
    if (messages.length !== expected) problems.push(`${name}: ${messages.length} errors ${JSON.stringify(messages)}`);
    for (const message of messages)
      for (const needle of needles) if (!message.includes(needle)) problems.push(`${name}: no ${needle} in ${message}`);
  }
  return problems;
}

/** `tsc --pretty false` output as `[line, message]` pairs for one file: each error with its indented chain. */
export function tscMessages(output: string, file: string): [number, string][] {
  const out: [number, string][] = [];
  for (const line of output.split("\n")) {
    const head = /^(.+)\((\d+),\d+\): error (TS\d+: .*)$/.exec(line);
    if (head) out.push([head[1]!.endsWith(file) ? Number(head[2]) : 0, head[3]!]);
    else if (line.startsWith(" ") && out.length > 0) out[out.length - 1]![1] += `\n${line.trim()}`;
    else if (line.trim() !== "") out.push([0, line]);
  }
  return out;
}

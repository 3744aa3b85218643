/**
 * Lint a description with @redocly/openapi-core in a worker thread, so that validation (a second walk of the whole
 * document, about a second on GitHub's 13 MB description) runs on another core while the main thread bundles it.
 * The worker parses its own copy from the text: the main thread's copy is mutated by the bundler meanwhile.
 * Should the worker itself fail (not the lint: the thread), the lint runs here instead. Small descriptions are linted
 * here too: starting a worker that loads redocly costs about what linting 2 MB does.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { BaseResolver, createConfig, lintDocument, makeDocumentFromString, Source } from "@redocly/openapi-core";

/** What callers need of a problem: the fields of redocly's NormalizedProblem that survive a structured clone. */
export interface LintProblem {
  severity: string;
  ruleId: string;
  message: string;
  location?: { pointer?: string }[];
}

export interface LintInput {
  text: string;
  /** Where the text came from (file path or URL): relative $refs resolve against it. */
  absoluteRef: string;
  /** Parse as JSON (else YAML), as the caller did. */
  json: boolean;
  rules: Record<string, "error" | "warn" | "off">;
}

export interface Linting {
  problems: Promise<LintProblem[]>;
  /** Stop the worker (the caller failed for another reason first and will not read the problems). */
  cancel(): void;
}

const redoclyPath = createRequire(import.meta.url).resolve("@redocly/openapi-core");
const WORKER_MIN_CHARS = 2_000_000;

// Plain JavaScript evaluated in the worker (a .ts worker file would not run from source under the test runner).
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const { BaseResolver, createConfig, lintDocument, makeDocumentFromString, Source } = require(workerData.redoclyPath);
(async () => {
  const { text, absoluteRef, json, rules } = workerData.input;
  const config = await createConfig({ rules });
  const parsed = json ? JSON.parse(text) : makeDocumentFromString(text, absoluteRef).parsed;
  const problems = await lintDocument({ document: { source: new Source(absoluteRef, text), parsed }, config: config.styleguide, externalRefResolver: new BaseResolver(config.resolve) });
  parentPort.postMessage({ problems: problems.map((p) => ({ severity: p.severity, ruleId: p.ruleId, message: p.message, location: (p.location || []).map((l) => ({ pointer: l.pointer })) })) });
})().catch((error) => parentPort.postMessage({ failed: String(error && error.stack || error) }));
`;

/** Start linting now: on another thread when the text has at least `workerMinChars` characters, else here. */
export function startLint(input: LintInput, workerMinChars = WORKER_MIN_CHARS): Linting {
  if (input.text.length < workerMinChars) {
    const problems = lintHere(input);
    problems.catch(() => undefined); // a caller that cancels (it failed first) never awaits it
    return { problems, cancel: () => undefined };
  }
  let worker: Worker | undefined;
  let cancelled = false;
  const problems = new Promise<LintProblem[]>((resolve) => {
    let settled = false;
    const fallback = () => {
      if (settled || cancelled) return;
      settled = true;
      resolve(lintHere(input));
    };
    try {
      worker = new Worker(WORKER, { eval: true, workerData: { redoclyPath, input } });
    } catch {
      return fallback();
    }
    worker.once("message", (message: { problems?: LintProblem[]; failed?: string }) => {
      void worker?.terminate();
      if (!message.problems) return fallback();
      settled = true;
      resolve(message.problems);
    });
    worker.once("error", fallback);
    worker.once("exit", fallback);
  });
  return {
    problems,
    cancel() {
      cancelled = true;
      void worker?.terminate();
    },
  };
}

async function lintHere(input: LintInput): Promise<LintProblem[]> {
  const config = await createConfig({ rules: input.rules });
  const parsed = input.json ? JSON.parse(input.text) : makeDocumentFromString(input.text, input.absoluteRef).parsed;
  return lintDocument({ document: { source: new Source(input.absoluteRef, input.text), parsed }, config: config.styleguide, externalRefResolver: new BaseResolver(config.resolve) });
}

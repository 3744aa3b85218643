/**
 * Lint a description with @redocly/openapi-core, in a worker thread for large descriptions, so that validation (a
 * second walk of the whole document, about a second on GitHub's 13 MB description) runs on another core while the
 * main thread bundles it. The worker starts at once and loads redocly and parses its own copy of the text (the main
 * thread's copy is mutated by the bundler), but lints only when `run()` says the description passed the main thread's
 * checks (preflight.ts): a description that fails them is never walked, on any thread. Should the worker itself fail
 * (not the lint: the thread), the lint runs here instead. Small descriptions are linted here too: starting a worker
 * that loads redocly costs about what linting 2 MB does.
 *
 * Either way the lint's resolver reads no file and fetches no URL unless external refs are allowed.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { BaseResolver, createConfig, lintDocument, makeDocumentFromString, ResolveError, Source } from "@redocly/openapi-core";

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
  /** Let the resolver read the files and fetch the URLs external `$ref`s name (`--allow-external-refs`). */
  allowExternalRefs?: boolean;
}

export interface Linting {
  /** Lint now (the description passed the caller's checks); call at most once. */
  run(): Promise<LintProblem[]>;
  /** Stop the worker (the caller failed for another reason first and will not lint). */
  cancel(): void;
}

const redoclyPath = createRequire(import.meta.url).resolve("@redocly/openapi-core");
const WORKER_MIN_CHARS = 2_000_000;

/**
 * redocly's resolver, or one that refuses every external document: what it would read fails as an unresolved
 * `$ref`. preflight.ts refuses external refs first with a clearer message; this is the guarantee behind it.
 */
export function refResolver(allowExternalRefs: boolean | undefined, config?: ConstructorParameters<typeof BaseResolver>[0]): BaseResolver {
  return allowExternalRefs ? new BaseResolver(config) : new LocalOnlyResolver(config);
}

class LocalOnlyResolver extends BaseResolver {
  override async loadExternalRef(absoluteRef: string): Promise<Source> {
    throw new ResolveError(new Error(`${absoluteRef} is outside the description (external references are refused)`));
  }
}

// Plain JavaScript evaluated in the worker (a .ts worker file would not run from source under the test runner).
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const { BaseResolver, ResolveError, createConfig, lintDocument, makeDocumentFromString, Source } = require(workerData.redoclyPath);
const { text, absoluteRef, json, rules, allowExternalRefs } = workerData.input;
class LocalOnlyResolver extends BaseResolver {
  async loadExternalRef(ref) { throw new ResolveError(new Error(ref + " is outside the description (external references are refused)")); }
}
const ready = (async () => {
  const config = await createConfig({ rules });
  const parsed = json ? JSON.parse(text) : makeDocumentFromString(text, absoluteRef).parsed;
  return { config, parsed };
})();
ready.catch(() => undefined); // reported once asked to lint
parentPort.once("message", () => {
  ready
    .then(({ config, parsed }) => lintDocument({
      document: { source: new Source(absoluteRef, text), parsed },
      config: config.styleguide,
      externalRefResolver: allowExternalRefs ? new BaseResolver(config.resolve) : new LocalOnlyResolver(config.resolve),
    }))
    .then((problems) => parentPort.postMessage({ problems: problems.map((p) => ({ severity: p.severity, ruleId: p.ruleId, message: p.message, location: (p.location || []).map((l) => ({ pointer: l.pointer })) })) }))
    .catch((error) => parentPort.postMessage({ failed: String(error && error.stack || error) }));
});
`;

/** Get ready to lint: a worker when the text has at least `workerMinChars` characters, else nothing until `run()`. */
export function prepareLint(input: LintInput, workerMinChars = WORKER_MIN_CHARS): Linting {
  const here: Linting = { run: () => settledLater(lintHere(input)), cancel: () => undefined };
  if (input.text.length < workerMinChars) return here;
  let worker: Worker | undefined;
  try {
    worker = new Worker(WORKER, { eval: true, workerData: { redoclyPath, input } });
  } catch {
    return here;
  }
  const started = worker;
  // The worker's problems, or undefined when the thread failed (then run() lints here, still only once asked to).
  const fromWorker = new Promise<LintProblem[] | undefined>((resolve) => {
    started.once("message", (message: { problems?: LintProblem[]; failed?: string }) => {
      void started.terminate();
      resolve(message.problems);
    });
    started.once("error", () => resolve(undefined));
    started.once("exit", () => resolve(undefined));
  });
  return {
    run() {
      started.postMessage("lint");
      return settledLater(fromWorker.then((problems) => problems ?? lintHere(input)));
    },
    cancel() {
      void started.terminate();
    },
  };
}

/** The caller awaits the lint after bundling, perhaps after it failed: not an unhandled rejection meanwhile. */
function settledLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

async function lintHere(input: LintInput): Promise<LintProblem[]> {
  const config = await createConfig({ rules: input.rules });
  const parsed = input.json ? JSON.parse(input.text) : makeDocumentFromString(input.text, input.absoluteRef).parsed;
  return lintDocument({ document: { source: new Source(input.absoluteRef, input.text), parsed }, config: config.styleguide, externalRefResolver: refResolver(input.allowExternalRefs, config.resolve) });
}

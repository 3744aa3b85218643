/**
 * Lint a description with @redocly/openapi-core (its structural rules), and find in the same walk what redocly's
 * bundler would change in it (see bundle.ts): with every `$ref` internal, usually nothing, and read.ts then skips the
 * bundler's own walk of the whole document.
 *
 * On a machine with two cores or more, a large description is linted on a worker thread: the worker starts at once,
 * loads redocly and parses its own copy of the text while the main thread parses and checks the description
 * (limits.ts), but lints only when `run()` says the description passed those checks: a description that fails them
 * is never walked, on any thread. Should the worker itself fail (not the lint: the thread), the lint runs here
 * instead. Small descriptions, and any on one core, are linted here on the caller's parsed document: a worker costs a
 * second parse and a second load of redocly (about 0.5 s of CPU on GitHub's description), which pays only when
 * another core runs it.
 *
 * Either way the lint's resolver reads no file and fetches no URL unless external refs are allowed.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { BaseResolver } from "@redocly/openapi-core";
import type { Oas3Rule } from "@redocly/openapi-core/lib/visitors.js";
import type { Redocly } from "./cjs.js";
import { loadRedocly, ownKeysOnly, redoclyPath, redoclyTypesPath } from "./cjs.js";

/** What callers need of a problem: the fields of redocly's NormalizedProblem that survive a structured clone. */
export interface LintProblem {
  severity: string;
  ruleId: string;
  message: string;
  location?: { pointer?: string }[];
}

/**
 * Where redocly's bundler would change the document, in the order its walk would: `inline` is a `$ref` where a plain
 * value belongs (in an example's `value`, a `description`...), which the bundler replaces by its target; `other` is
 * anything else it would change (discriminator mappings it rewrites, an `externalValue` it loads, a missing
 * `components` object it adds).
 */
export type BundlerChange = { kind: "inline"; at: string; target: string } | { kind: "other"; at: string };

export interface LintReport {
  problems: LintProblem[];
  bundlerChanges: BundlerChange[];
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
  /** Whether the lint runs on a worker thread, leaving this one free meanwhile. */
  readonly onWorker: boolean;
  /**
   * Lint now (the description passed the caller's checks) the document the caller parsed from the text; call at most
   * once.
   */
  run(parsed: object): Promise<LintReport>;
  /** Stop the worker (the caller failed for another reason first and will not lint). */
  cancel(): void;
}

const WORKER_MIN_CHARS = 2_000_000;

/**
 * What both threads need beyond redocly's own exports: the resolver that refuses external documents and the lint with
 * the bundler's eye. Self-contained, as the worker receives it as source text (a .ts worker file would not run from
 * source under the test runner): it uses nothing but its arguments.
 */
function linter(redocly: Redocly) {
  const { BaseResolver, ResolveError, createConfig, lintDocument, Source } = redocly;
  type ResolverConfig = ConstructorParameters<typeof BaseResolver>[0];

  /**
   * What it would read fails as an unresolved `$ref`; limits.ts refuses external refs first with a clearer message.
   */
  class LocalOnlyResolver extends BaseResolver {
    override async loadExternalRef(absoluteRef: string): Promise<InstanceType<typeof Source>> {
      throw new ResolveError(new Error(`${absoluteRef} is outside the description (external references are refused)`));
    }
  }
  const refResolver = (allowExternalRefs: boolean | undefined, config?: ResolverConfig): BaseResolver =>
    allowExternalRefs ? new BaseResolver(config) : new LocalOnlyResolver(config);

  /** The conditions of redocly's bundle visitor (bundle.js, makeBundleVisitor) under which it changes the document. */
  const bundlerChanges =
    (changes: BundlerChange[]): Oas3Rule =>
    () => {
      let schemas: Record<string, unknown> | undefined;
      return {
        Root: {
          enter(root, { location }) {
            if (!root.components) changes.push({ kind: "other", at: location.pointer });
            schemas = root.components?.schemas;
          },
        },
        ref: {
          leave(_node, { location, type }, resolved) {
            if (resolved.node === undefined || !resolved.location)
              changes.push({ kind: "other", at: location.pointer });
            else if (type.name === "scalar")
              changes.push({ kind: "inline", at: location.pointer, target: resolved.location.pointer });
          },
        },
        Example: {
          leave(example, { location }) {
            if (typeof example.externalValue === "string" && example.value === undefined)
              changes.push({ kind: "other", at: location.pointer });
          },
        },
        // The bundler re-points every mapping at `#/components/schemas/<last segment of its target>`, storing the
        // target there: a change unless the mapping already says so and the schema there is the target itself.
        DiscriminatorMapping: {
          leave(mapping: Record<string, string>, { location, resolve }) {
            for (const name of Object.keys(mapping)) {
              const target = resolve({ $ref: mapping[name]! });
              const last = target.location?.pointer.split("/").pop() ?? "";
              const unchanged =
                target.node !== undefined &&
                target.location?.pointer === `#/components/schemas/${last}` &&
                mapping[name] === target.location.pointer &&
                schemas?.[last] === target.node;
              if (!unchanged) changes.push({ kind: "other", at: location.child(name).pointer });
            }
          },
        },
      };
    };

  async function lint(input: LintInput, parsed: object): Promise<LintReport> {
    const changes: BundlerChange[] = [];
    const plugin = { id: "sfapi-gen", rules: { oas3: { "bundler-changes": bundlerChanges(changes) } } };
    const config = await createConfig({
      rules: { ...input.rules, "sfapi-gen/bundler-changes": "warn" },
      plugins: [plugin],
    });
    const problems = await lintDocument({
      document: { source: new Source(input.absoluteRef, input.text), parsed },
      config: config.styleguide,
      externalRefResolver: refResolver(input.allowExternalRefs, config.resolve),
    });
    return {
      problems: problems.map((p) => ({
        severity: p.severity,
        ruleId: p.ruleId,
        message: p.message,
        location: (p.location || []).map((l) => ({ pointer: l.pointer })),
      })),
      bundlerChanges: changes,
    };
  }

  return { refResolver, lint };
}

const here = () => linter(loadRedocly());

/** redocly's resolver, or one that refuses every external document. */
export function refResolver(
  allowExternalRefs: boolean | undefined,
  config?: ConstructorParameters<typeof BaseResolver>[0],
): BaseResolver {
  return here().refResolver(allowExternalRefs, config);
}

// Plain JavaScript evaluated in the worker.
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
(${ownKeysOnly.toString()})(require(workerData.redoclyTypesPath));
const redocly = require(workerData.redoclyPath);
const { input } = workerData;
const ready = (async () =>
  input.json ? JSON.parse(input.text) : redocly.makeDocumentFromString(input.text, input.absoluteRef).parsed)();
ready.catch(() => undefined); // reported once asked to lint
parentPort.once("message", () => {
  ready
    .then((parsed) => (${linter.toString()})(redocly).lint(input, parsed))
    .then((report) => parentPort.postMessage({ report }))
    .catch((error) => parentPort.postMessage({ failed: String(error && error.stack || error) }));
});
`;

/**
 * Get ready to lint: a worker when the text has at least `workerMinChars` characters and another core can run it,
 * else nothing until `run()`.
 */
export function prepareLint(
  input: LintInput,
  workerMinChars = availableParallelism() > 1 ? WORKER_MIN_CHARS : Infinity,
): Linting {
  const inProcess: Linting = {
    onWorker: false,
    run: (parsed) => settledLater(here().lint(input, parsed)),
    cancel: () => undefined,
  };
  if (input.text.length < workerMinChars) return inProcess;
  let worker: Worker | undefined;
  try {
    worker = new Worker(WORKER, { eval: true, workerData: { redoclyPath, redoclyTypesPath, input } });
  } catch {
    return inProcess;
  }
  const started = worker;
  // The worker's report, or undefined when the thread failed (then run() lints here, still only once asked to).
  const fromWorker = new Promise<LintReport | undefined>((resolve) => {
    started.once("message", (message: { report?: LintReport; failed?: string }) => {
      void started.terminate();
      resolve(message.report);
    });
    started.once("error", () => resolve(undefined));
    started.once("exit", () => resolve(undefined));
  });
  return {
    onWorker: true,
    run(parsed) {
      started.postMessage("lint");
      return settledLater(fromWorker.then((report) => report ?? here().lint(input, parsed)));
    },
    cancel() {
      void started.terminate();
    },
  };
}

/** The caller may await the lint after other work, perhaps after that failed: not an unhandled rejection meanwhile. */
function settledLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

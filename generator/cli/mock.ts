/**
 * `sfapi-gen mock`: run the local facility until SIGINT/SIGTERM (or the caller's abort signal), with one client per
 * level of the ladder whose key files go to --clients-dir (default a fresh private folder under the system temp dir).
 * A description whose requirements list OAuth2 scopes (the security policy) gets clients by grant instead: `all`
 * (every scope it names), `none`, and one per `--grant <name>=<scope,...>`. Prints where things are, never the keys
 * themselves. This module parses the flags and prints; the start itself is commands/mock.ts's.
 */
import type { GrantRequest, MockRun } from "../commands/mock.js";
import type { FaultRule, OutageRule } from "../facility/index.js";
import { SYSTEM_NAMES } from "../facility/systems.js";
import { printableLine } from "../printable.js";
import { Command, InvalidArgumentError, Option } from "./commander.js";
import { readConfig } from "./config.js";
import type { CliIo } from "./io.js";
import { printWarnings } from "./io.js";
import { addExternalRefsOption, addScopeOptions } from "./shared.js";

/** The status page's systems, and `dtn01` (one of the Data Transfer Nodes), as `--down` and `--degraded` take them. */
const SYSTEMS: readonly string[] = [...SYSTEM_NAMES, "dtn01"];

interface MockFlags {
  host: string;
  port: number;
  file?: string;
  vendor?: string;
  levels?: string;
  clientsDir?: string;
  acceptBearer?: boolean;
  strictAuthorization?: "bare" | "bearer";
  allowExternalRefs?: boolean;
  tokenLifetime?: number;
  tokenRealLifetime?: number;
  taskDelay?: number;
  fault?: FaultRule[];
  cors?: string[];
  down?: OutageRule[];
  degraded?: OutageRule[];
  outages?: string;
  grant?: GrantRequest[];
  quiet?: boolean;
  globus?: boolean;
}

export function mockCommand(io: CliIo): Command {
  const command = new Command("mock")
    .description("run a local facility (token endpoint + API) with one client per level, for offline tests")
    .option("--port <n>", "port to listen on (default: any free port)", wholeNumber("--port"), 0)
    .option("--host <address>", "address to listen on", "127.0.0.1")
    .option("--file <path>", "serve this description instead of the bundled v1.2 one")
    .option(
      "--clients-dir <dir>",
      "where to write <color>.json and <color>.pem (default: a new folder in the temp dir)",
    )
    // Kept so existing scripts keep working: "Bearer <token>" is accepted by default now.
    .addOption(new Option("--accept-bearer", "no effect (Bearer is accepted by default)").hideHelp())
    .addOption(
      new Option(
        "--strict-authorization <form>",
        'take only this Authorization form: "bare" (the token alone) or "bearer" (default: either)',
      ).choices(["bare", "bearer"]),
    )
    .option("--token-lifetime <s>", "access-token lifetime in seconds (default 600)", wholeNumber("--token-lifetime"))
    .option(
      "--token-real-lifetime <s>",
      "fault: tokens stop working after this many seconds, whatever expires_in says",
      wholeNumber("--token-real-lifetime"),
    )
    .option(
      "--fault <spec>",
      "inject a fault, e.g. api:503, api/compute/jobs:429:retry-after=5:times=3, token:slow=3000 (repeatable)",
      (value: string, previous: FaultRule[] | undefined) => [...(previous ?? []), parseFault(value)],
    )
    .option(
      "--cors <origin>",
      'let pages from this origin call the facility (e.g. http://localhost:5173; "*" for any; repeatable)',
      (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
    )
    // Outages.
    .addOption(
      new Option(
        "--down <system>",
        "the system is unavailable from the start, e.g. perlmutter or perlmutter:Rolling reboots (repeatable)",
      ).argParser((value: string, previous: OutageRule[] | undefined) => [
        ...(previous ?? []),
        outageFlag("--down", value),
      ]),
    )
    .addOption(
      new Option(
        "--degraded <system>",
        "the system is degraded from the start, e.g. dtns or dtns:Slow transfers",
      ).argParser((value: string, previous: OutageRule[] | undefined) => [
        ...(previous ?? []),
        { ...outageFlag("--degraded", value), status: "degraded" as const },
      ]),
    )
    .addOption(
      new Option(
        "--outages <file>",
        'outages from a JSON file, [{"system", "status", "start", "end", "notes"}] (times ISO 8601 or +10m); ' +
          "read again whenever it changes",
      ),
    )
    .option(
      "--grant <name=scopes>",
      "for a description with OAuth2 scopes: a client holding these (e.g. reader=user-library-read,user-top-read; " +
        "besides all and none; repeatable)",
      (value: string, previous: GrantRequest[] | undefined) => [...(previous ?? []), parseGrant(value)],
    )
    .option("--quiet", "no line per request")
    .option("--globus", "give the clients the Globus option (without it, Globus calls get 403, as at the facility)")
    .option(
      "--task-delay <ms>",
      "how long a task stays new, and a job pending, then running (default 2000; commands: at once unless given)",
      wholeNumber("--task-delay"),
    );
  return addExternalRefsOption(addScopeOptions(command, { policy: false })).action(async (flags: MockFlags) => {
    const { startMock } = await import("../commands/mock.js");
    const config = readConfig(io.cwd);
    const flagged = [...(flags.down ?? []), ...(flags.degraded ?? [])];
    const run = await startMock({
      host: flags.host,
      port: flags.port,
      file: flags.file,
      cwd: io.cwd,
      allowExternalRefs: flags.allowExternalRefs,
      vendor: flags.vendor ?? config.vendor,
      levels: flags.levels ?? config.levels,
      authorization: flags.strictAuthorization ?? "bare-or-bearer",
      tokenLifetimeSeconds: flags.tokenLifetime,
      tokenRealLifetimeSeconds: flags.tokenRealLifetime,
      taskDelayMs: flags.taskDelay,
      faults: flags.fault,
      cors: flags.cors,
      outages: flagged,
      outagesFile: flags.outages,
      clientsDir: flags.clientsDir,
      grants: flags.grant,
      globus: flags.globus,
      // One line per request: method, path, status, the client's color (never a token; the path has no query).
      onRequest: flags.quiet
        ? undefined
        : (entry) => {
            const color = entry.color ? ` ${printableLine(entry.color)}` : "";
            io.stderr.write(
              `sfapi-gen mock: ${printableLine(entry.method)} ${printableLine(entry.path)} ${entry.status}${color}\n`,
            );
          },
      onWarnings: (warnings) => printWarnings(io, warnings),
      onOutagesRead: (rules) => {
        const listed = rules.map((o) => `\n  outage: ${describeOutage(o)}`).join("");
        io.stdout.write(`sfapi-gen mock: outages read again from ${flags.outages} (${rules.length})${listed}\n`);
      },
      onOutagesRefused: (message) => io.stderr.write(`sfapi-gen mock: ${message}; the outages stay as they were\n`),
    });
    try {
      io.stdout.write(startLines(run, flags, flagged).join("\n") + "\n");
      const reason = await untilStopped(io.signal);
      io.stdout.write(`sfapi-gen mock: ${reason}, stopping\n`);
    } finally {
      await run.close();
    }
  });
}

/** Where things are: the facility's URLs, its outages and notes, each client and the key files written for it. */
function startLines(run: MockRun, flags: MockFlags, flagged: readonly OutageRule[]): string[] {
  const { facility } = run;
  const lines = [
    `sfapi-gen mock: serving ${facility.model.description.source} (${facility.model.operations.length} operations)`,
    `  base URL:  ${facility.baseUrl}`,
    `  token URL: ${facility.tokenUrl}`,
    ...(flags.cors?.length ? [`  pages allowed (CORS): ${flags.cors.join(", ")}`] : []),
    ...[...flagged, ...run.fileOutages].map((o) => `  outage: ${describeOutage(o)}`),
    ...(flags.outages !== undefined ? [`  outages read again when ${flags.outages} changes`] : []),
    ...(run.lifetimeNote ? [`  note: ${run.lifetimeNote}`] : []),
    facility.shell
      ? "  commands and job scripts run in a simulated bash over each machine's files"
      : `  commands are acted out and job scripts never run (${run.shellPackage} is not installed: ` +
        `npm install ${run.shellPackage})`,
    facility.scopes
      ? `  clients by OAuth2 grant (${facility.scopes.length} scopes named; clients live ` +
        `${run.grantLifetimeDays} days):`
      : `  clients (${facility.ladder.join(" < ")}), ${flags.globus ? "with" : "without"} the Globus option:`,
  ];
  for (const { client, files, reused } of run.clients) {
    const again = reused ? " (reused from an earlier start)" : "";
    const holds = client.scopes ? `, scopes: ${client.scopes.length > 0 ? client.scopes.join(" ") : "none"}` : "";
    lines.push(
      `    ${client.color}: ${client.clientId}, expires ${client.expiresAt.toISOString()}${again}${holds}, ` +
        `IP ranges ${client.ipRanges.join(", ")} (at most ${client.maxIpRanges})`,
      ...files.map((f) => `      wrote ${f}`),
    );
  }
  lines.push("  stop with Ctrl-C (SIGINT) or SIGTERM");
  return lines;
}

/** `--down perlmutter:Rolling reboots`: the system, then (after the first ":") the notes. */
function outageFlag(flag: string, value: string): OutageRule {
  const at = value.indexOf(":");
  const system = at < 0 ? value : value.slice(0, at);
  if (!SYSTEMS.includes(system))
    throw new InvalidArgumentError(
      `${flag} ${JSON.stringify(value)}: ${JSON.stringify(system)} is not a system of the status page ` +
        `(${SYSTEMS.join(", ")})`,
    );
  // From the start, fixed now: the outage keeps its start when the outage file is read again.
  return { system, start: Date.now(), ...(at < 0 ? {} : { notes: value.slice(at + 1) }) };
}

/** `perlmutter unavailable from 2025-06-01T09:00:00.000Z until ended: Rolling reboots`. */
function describeOutage(rule: OutageRule): string {
  const time = (at: Date | number | undefined) => (at === undefined ? undefined : new Date(at).toISOString());
  const notes = rule.notes ? `: ${printableLine(rule.notes)}` : "";
  const until = time(rule.end) ? `until ${time(rule.end)}` : "until ended";
  return `${rule.system} ${rule.status ?? "unavailable"} from ${time(rule.start) ?? "now"} ${until}${notes}`;
}

/**
 * `--grant <name>=<scope1,scope2>`: the name (it names the key files) and the comma-separated scopes (may be none),
 * both checked once the description is read.
 */
function parseGrant(spec: string): GrantRequest {
  const at = spec.indexOf("=");
  if (at <= 0)
    throw new InvalidArgumentError(
      `--grant ${JSON.stringify(spec)}: give <name>=<scope1,scope2> (the scopes may be none)`,
    );
  const name = spec.slice(0, at);
  const scopes = spec
    .slice(at + 1)
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  return { spec, name, scopes };
}

/**
 * `--fault <target>[<path>]:<item>:<item>...`: target `api` or `token`, an optional path prefix (`api/compute/jobs`),
 * then a status (429, 500, 502, 503, 504), `slow=<ms>`, `times=<n>`, `retry-after=<s>`.
 */
function parseFault(spec: string): FaultRule {
  const [where = "", ...items] = spec.split(":");
  const target = /^(api|token)(\/.*)?$/.exec(where);
  if (!target) throw new InvalidArgumentError(`--fault ${JSON.stringify(spec)}: start with api or token`);
  const rule: FaultRule = { target: target[1] as "api" | "token", ...(target[2] ? { path: target[2] } : {}) };
  for (const item of items) {
    const [key = "", value = ""] = item.split("=", 2);
    const number = /^\d{1,9}$/.test(item.includes("=") ? value : key) ? Number(item.includes("=") ? value : key) : NaN;
    if (!item.includes("=") && [429, 500, 502, 503, 504].includes(number)) rule.status = number as FaultRule["status"];
    else if (key === "slow" && !Number.isNaN(number)) rule.delayMs = number;
    else if (key === "times" && number >= 1) rule.times = number;
    else if (key === "retry-after" && !Number.isNaN(number)) rule.retryAfterSeconds = number;
    else
      throw new InvalidArgumentError(
        `--fault ${JSON.stringify(spec)}: ${JSON.stringify(item)} is not a status (429, 500, 502, 503, 504), ` +
          "slow=<ms>, times=<n> or retry-after=<s>",
      );
  }
  if (rule.status === undefined && rule.delayMs === undefined)
    throw new InvalidArgumentError(`--fault ${JSON.stringify(spec)}: give a status or slow=<ms>`);
  return rule;
}

/** Resolves with the signal's name on SIGINT/SIGTERM, or "aborted" when `signal` aborts. */
function untilStopped(signal: AbortSignal | undefined): Promise<string> {
  return new Promise((resolvePromise) => {
    const stop = (reason: string) => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      signal?.removeEventListener("abort", aborted);
      resolvePromise(reason);
    };
    const aborted = () => stop("aborted");
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
    if (signal?.aborted) aborted();
    else signal?.addEventListener("abort", aborted, { once: true });
  });
}

function wholeNumber(flag: string) {
  return (value: string): number => {
    if (!/^\d+$/.test(value))
      throw new InvalidArgumentError(`${flag} takes a whole number, not ${JSON.stringify(value)}`);
    return Number(value);
  };
}

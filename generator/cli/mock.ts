/**
 * `sfapi-gen mock`: run the local facility until SIGINT/SIGTERM (or the caller's abort signal), with one client per
 * level of the ladder whose key files go to --clients-dir (default a fresh private folder under the system temp dir).
 * A description whose requirements list OAuth2 scopes (the security policy) gets clients by grant instead: `all`
 * (every scope it names), `none`, and one per `--grant <name>=<scope,...>`. Prints where things are, never the keys
 * themselves.
 */
import type { FSWatcher } from "node:fs";
import { watch } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { OptionError } from "../errors.js";
import type { Facility, FaultRule, OutageRule } from "../facility/index.js";
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
  grant?: GrantFlag[];
  quiet?: boolean;
  globus?: boolean;
}

/** One `--grant <name>=<scope1,scope2>`, as given (checked against the description once it is read). */
interface GrantFlag {
  spec: string;
  name: string;
  scopes: string[];
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
      (value: string, previous: GrantFlag[] | undefined) => [...(previous ?? []), parseGrant(value)],
    )
    .option("--quiet", "no line per request")
    .option("--globus", "give the clients the Globus option (without it, Globus calls get 403, as at the facility)")
    .option(
      "--task-delay <ms>",
      "how long a task stays new, and a job pending, then running (default 2000; commands: at once unless given)",
      wholeNumber("--task-delay"),
    );
  return addExternalRefsOption(addScopeOptions(command, { policy: false })).action(async (flags: MockFlags) => {
    const { startFacility } = await import("../facility/index.js");
    const { savedClient, writeAllClientFiles } = await import("../facility/client-files.js");
    const { lifetimeNote } = await import("../facility/clients.js");
    const { lockClientsDir } = await import("../facility/clients-lock.js");
    const { SHELL_PACKAGE } = await import("../facility/shell.js");
    const grants = await import("../facility/grants.js");
    const config = readConfig(io.cwd);
    // Held while it runs: a second mock on the same folder would repoint the key files the first one's users read.
    const unlock = flags.clientsDir ? await lockClientsDir(resolve(io.cwd, flags.clientsDir)) : undefined;
    try {
      await serve(flags, io, config, {
        startFacility,
        savedClient,
        writeAllClientFiles,
        lifetimeNote,
        grants,
        SHELL_PACKAGE,
      });
    } finally {
      await unlock?.();
    }
  });
}

async function serve(
  flags: MockFlags,
  io: CliIo,
  config: ReturnType<typeof readConfig>,
  modules: {
    startFacility: typeof import("../facility/index.js").startFacility;
    savedClient: typeof import("../facility/client-files.js").savedClient;
    writeAllClientFiles: typeof import("../facility/client-files.js").writeAllClientFiles;
    lifetimeNote: typeof import("../facility/clients.js").lifetimeNote;
    grants: typeof import("../facility/grants.js");
    SHELL_PACKAGE: string;
  },
): Promise<void> {
  const { startFacility, savedClient, writeAllClientFiles, lifetimeNote, grants, SHELL_PACKAGE } = modules;
  const outageFile = flags.outages === undefined ? undefined : resolve(io.cwd, flags.outages);
  const flagged = [...(flags.down ?? []), ...(flags.degraded ?? [])];
  const fromFile = outageFile === undefined ? [] : await readOutages(outageFile, flags.outages!);
  const facility = await startFacility({
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
    outages: [...flagged, ...fromFile],
    // Commands and job scripts run in the shell when its optional package is installed; else they are acted out.
    shell: "if-installed",
    // One line per request: method, path, status, the client's color (never a token; the path has no query).
    onRequest: flags.quiet
      ? undefined
      : (entry) => {
          const color = entry.color ? ` ${printableLine(entry.color)}` : "";
          io.stderr.write(
            `sfapi-gen mock: ${printableLine(entry.method)} ${printableLine(entry.path)} ${entry.status}${color}\n`,
          );
        },
  });
  // A key folder the command made is its own to remove on exit; one the user named is left as it is.
  let madeDir: string | undefined;
  let watcher: FSWatcher | undefined;
  try {
    printWarnings(io, facility.model.warnings);
    const dir = flags.clientsDir
      ? resolve(io.cwd, flags.clientsDir)
      : (madeDir = await mkdtemp(join(tmpdir(), "sfapi-mock-")));
    // One client per level; under the security policy, one per grant (`scopes` set).
    const wanted = clientsWanted(facility, flags.grant ?? [], grants);
    // A folder the user named may hold the clients of an earlier start: those still valid are registered again
    // (same client IDs and keys), so key files saved from it keep working.
    const saved = flags.clientsDir
      ? await Promise.all(wanted.map(({ name }) => savedClient(dir, name, Date.now())))
      : [];
    const clients = await Promise.all(
      wanted.map(({ name, scopes }, i) => {
        const more = { ...(scopes ? { scopes } : {}), ...(flags.globus ? { globus: true } : {}) };
        return saved[i] ? facility.restoreClient(saved[i], more) : facility.createClient(name, more);
      }),
    );
    const lifetimes = facility.scopes ? undefined : lifetimeNote(facility.ladder);
    const lines = [
      `sfapi-gen mock: serving ${facility.model.description.source} (${facility.model.operations.length} operations)`,
      `  base URL:  ${facility.baseUrl}`,
      `  token URL: ${facility.tokenUrl}`,
      ...(flags.cors?.length ? [`  pages allowed (CORS): ${flags.cors.join(", ")}`] : []),
      ...[...flagged, ...fromFile].map((o) => `  outage: ${describeOutage(o)}`),
      ...(outageFile ? [`  outages read again when ${flags.outages} changes`] : []),
      ...(lifetimes ? [`  note: ${lifetimes}`] : []),
      facility.shell
        ? "  commands and job scripts run in a simulated bash over each machine's files"
        : `  commands are acted out and job scripts never run (${SHELL_PACKAGE} is not installed: ` +
          `npm install ${SHELL_PACKAGE})`,
      facility.scopes
        ? `  clients by OAuth2 grant (${facility.scopes.length} scopes named; clients live ` +
          `${grants.GRANT_LIFETIME_DAYS} days):`
        : `  clients (${facility.ladder.join(" < ")}), ${flags.globus ? "with" : "without"} the Globus option:`,
    ];
    // All or nothing: a refused start (a foreign key file for any color) leaves the folder as it was.
    const written = await writeAllClientFiles(dir, clients, facility);
    for (const [i, client] of clients.entries()) {
      const files = written[i]!;
      const reused = saved[i] ? " (reused from an earlier start)" : "";
      const holds = client.scopes ? `, scopes: ${client.scopes.length > 0 ? client.scopes.join(" ") : "none"}` : "";
      lines.push(
        `    ${client.color}: ${client.clientId}, expires ${client.expiresAt.toISOString()}${reused}${holds}, ` +
          `IP ranges ${client.ipRanges.join(", ")} (at most ${client.maxIpRanges})`,
        ...files.map((f) => `      wrote ${f}`),
      );
    }
    lines.push("  stop with Ctrl-C (SIGINT) or SIGTERM");
    if (outageFile) watcher = watchOutages(outageFile, flags.outages!, facility, flagged, io);
    io.stdout.write(lines.join("\n") + "\n");
    const reason = await untilStopped(io.signal);
    io.stdout.write(`sfapi-gen mock: ${reason}, stopping\n`);
  } finally {
    watcher?.close();
    await facility.close();
    if (madeDir) await rm(madeDir, { recursive: true, force: true });
  }
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

async function readOutages(path: string, shown: string): Promise<OutageRule[]> {
  const { outagesFromJson } = await import("../facility/index.js");
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new OptionError(`--outages ${shown}: ${code === "ENOENT" ? "no such file" : (code ?? "cannot be read")}`);
  }
  // Times without a start begin when the file is read: fixed here, so the facility keeps them as read.
  return outagesFromJson(text, `--outages ${shown}`, Date.now()).map((o) => ({ ...o, start: o.start ?? Date.now() }));
}

/**
 * Watches the outage file's folder (an editor may replace the file rather than write it) and, when the file changes,
 * puts the facility's outages to the flags' and the file's; a file that no longer reads keeps the outages as they were
 * and says why.
 */
function watchOutages(path: string, shown: string, facility: Facility, flagged: OutageRule[], io: CliIo): FSWatcher {
  let last: Promise<void> = Promise.resolve();
  const reread = async () => {
    let rules: OutageRule[];
    try {
      rules = await readOutages(path, shown);
    } catch (error) {
      io.stderr.write(`sfapi-gen mock: ${(error as Error).message}; the outages stay as they were\n`);
      return;
    }
    facility.outages.clear();
    for (const rule of [...flagged, ...rules]) facility.outages.add(rule);
    const listed = rules.map((o) => `\n  outage: ${describeOutage(o)}`).join("");
    io.stdout.write(`sfapi-gen mock: outages read again from ${shown} (${rules.length})${listed}\n`);
  };
  return watch(dirname(path), (_event, name) => {
    if (name === basename(path)) last = last.then(reread);
  });
}

/**
 * The clients to make: one per level of the ladder, or (when the description lists OAuth2 scopes) `all`, `none` and
 * each `--grant`, whose scopes must be ones the description names. `--grant` on a facility of colors is refused.
 */
function clientsWanted(
  facility: { scopes?: readonly string[]; ladder: readonly string[]; model: { description: { source: string } } },
  flags: readonly GrantFlag[],
  grants: typeof import("../facility/grants.js"),
): { name: string; scopes?: string[] }[] {
  const known = facility.scopes;
  if (!known) {
    if (flags.length > 0)
      throw new OptionError(
        `--grant ${JSON.stringify(flags[0]!.spec)}: ${facility.model.description.source} is served by levels ` +
          `(${facility.ladder.join(" < ")}), not by OAuth2 scopes (its requirements list none, or --levels was given)`,
      );
    return facility.ladder.map((name) => ({ name }));
  }
  const wanted = [
    { name: grants.GRANT_ALL, scopes: [...known] },
    { name: grants.GRANT_NONE, scopes: [] },
  ];
  for (const { spec, name, scopes } of flags) {
    const where = `--grant ${JSON.stringify(spec)}`;
    grants.checkGrantName(name, where);
    if (wanted.some((w) => w.name === name))
      throw new OptionError(
        `${where}: there is already a grant named "${name}" (all and none are made anyway; names must differ)`,
      );
    wanted.push({ name, scopes: grants.checkGrantScopes(scopes, known, where) });
  }
  return wanted;
}

/**
 * `--grant <name>=<scope1,scope2>`: the name (it names the key files) and the comma-separated scopes (may be none),
 * both checked once the description is read.
 */
function parseGrant(spec: string): GrantFlag {
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

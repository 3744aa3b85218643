/**
 * The local facility's start, as `sfapi-gen mock` runs it: the facility's settings from the flags and the config
 * file, the outage file read (and watched), the key folder locked or made, the clients made (one per level, or one per
 * grant under the security policy), restored from an earlier start where their key files still hold, and their key
 * files written. The CLI (cli/mock.ts) parses the flags and prints what this returns; it never sees a key.
 */
import type { FSWatcher } from "node:fs";
import { watch } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { OptionError } from "../errors.js";
import { savedClient, writeAllClientFiles } from "../facility/client-files.js";
import { lifetimeNote } from "../facility/clients.js";
import { lockClientsDir } from "../facility/clients-lock.js";
import * as grants from "../facility/grants.js";
import type { CreatedClient, Facility, FacilityOptions, FaultRule, OutageRule } from "../facility/index.js";
import { outagesFromJson, startFacility } from "../facility/index.js";
import { SHELL_PACKAGE } from "../facility/shell.js";

/** One `--grant <name>=<scope1,scope2>`, as given (checked against the description once it is read). */
export interface GrantRequest {
  spec: string;
  name: string;
  scopes: string[];
}

export interface MockOptions {
  host: string;
  port: number;
  /** Serve this description instead of the bundled one (relative to `cwd`). */
  file?: string;
  cwd: string;
  allowExternalRefs?: boolean;
  vendor?: FacilityOptions["vendor"];
  levels?: FacilityOptions["levels"];
  authorization: FacilityOptions["authorization"];
  tokenLifetimeSeconds?: number;
  tokenRealLifetimeSeconds?: number;
  taskDelayMs?: number;
  faults?: FaultRule[];
  cors?: string[];
  /** The outages given as flags (`--down`, `--degraded`). */
  outages: readonly OutageRule[];
  /** An outage file (`--outages`), as the user wrote it: read at the start and again whenever it changes. */
  outagesFile?: string;
  /** Where the key files go (relative to `cwd`): locked while the facility runs. Default: a new private folder. */
  clientsDir?: string;
  /** Under the security policy: the grants to make besides `all` and `none`. */
  grants?: readonly GrantRequest[];
  /** Give the clients the Globus option. */
  globus?: boolean;
  onRequest?: FacilityOptions["onRequest"];
  /** The description's warnings, as soon as it is read (before any client is made). */
  onWarnings?: (warnings: readonly string[]) => void;
  /** The outage file was read again: its outages (the flags' ones stay). */
  onOutagesRead?: (rules: readonly OutageRule[]) => void;
  /** The outage file changed but does not read: why (the outages stay as they were). */
  onOutagesRefused?: (message: string) => void;
}

/** A running mock: what the CLI prints, and how to stop it. */
export interface MockRun {
  facility: Facility;
  /** The outages of the outage file, as read at the start. */
  fileOutages: readonly OutageRule[];
  clients: readonly { client: CreatedClient; files: readonly string[]; reused: boolean }[];
  /** The ladder's note on token lifetimes (colors only). */
  lifetimeNote: string | undefined;
  /** The optional package that runs commands and job scripts in a simulated shell. */
  shellPackage: string;
  /** How long a client by grant lives. */
  grantLifetimeDays: number;
  /** Stops the watcher and the facility, removes a key folder it made, lets go of the lock. */
  close(): Promise<void>;
}

/** Starts the facility and its clients; on a failure, whatever was started is stopped again. */
export async function startMock(options: MockOptions): Promise<MockRun> {
  const { cwd } = options;
  const named = options.clientsDir ? resolve(cwd, options.clientsDir) : undefined;
  // Held while it runs: a second mock on the same folder would repoint the key files the first one's users read.
  const unlock = named ? await lockClientsDir(named) : undefined;
  try {
    return await serve(options, named, unlock);
  } catch (error) {
    await unlock?.();
    throw error;
  }
}

async function serve(
  options: MockOptions,
  named: string | undefined,
  unlock: (() => Promise<void>) | undefined,
): Promise<MockRun> {
  const outageFile = options.outagesFile === undefined ? undefined : resolve(options.cwd, options.outagesFile);
  const fileOutages = outageFile === undefined ? [] : await readOutages(outageFile, options.outagesFile!);
  const facility = await startFacility({
    host: options.host,
    port: options.port,
    file: options.file,
    cwd: options.cwd,
    allowExternalRefs: options.allowExternalRefs,
    vendor: options.vendor,
    levels: options.levels,
    authorization: options.authorization,
    tokenLifetimeSeconds: options.tokenLifetimeSeconds,
    tokenRealLifetimeSeconds: options.tokenRealLifetimeSeconds,
    taskDelayMs: options.taskDelayMs,
    faults: options.faults,
    cors: options.cors,
    outages: [...options.outages, ...fileOutages],
    // Commands and job scripts run in the shell when its optional package is installed; else they are acted out.
    shell: "if-installed",
    onRequest: options.onRequest,
  });
  // A key folder the command made is its own to remove on exit; one the user named is left as it is.
  let madeDir: string | undefined;
  let watcher: FSWatcher | undefined;
  const close = async () => {
    watcher?.close();
    await facility.close();
    if (madeDir) await rm(madeDir, { recursive: true, force: true });
  };
  try {
    options.onWarnings?.(facility.model.warnings);
    const dir = named ?? (madeDir = await mkdtemp(join(tmpdir(), "sfapi-mock-")));
    // One client per level; under the security policy, one per grant (`scopes` set).
    const wanted = clientsWanted(facility, options.grants ?? []);
    // A folder the user named may hold the clients of an earlier start: those still valid are registered again
    // (same client IDs and keys), so key files saved from it keep working.
    const saved = named ? await Promise.all(wanted.map(({ name }) => savedClient(dir, name, Date.now()))) : [];
    const clients = await Promise.all(
      wanted.map(({ name, scopes }, i) => {
        const more = { ...(scopes ? { scopes } : {}), ...(options.globus ? { globus: true } : {}) };
        return saved[i] ? facility.restoreClient(saved[i], more) : facility.createClient(name, more);
      }),
    );
    // All or nothing: a refused start (a foreign key file for any color) leaves the folder as it was.
    const written = await writeAllClientFiles(dir, clients, facility);
    if (outageFile) watcher = watchOutages(outageFile, options, facility);
    return {
      facility,
      fileOutages,
      clients: clients.map((client, i) => ({ client, files: written[i]!, reused: Boolean(saved[i]) })),
      lifetimeNote: facility.scopes ? undefined : lifetimeNote(facility.ladder),
      shellPackage: SHELL_PACKAGE,
      grantLifetimeDays: grants.GRANT_LIFETIME_DAYS,
      close: async () => {
        try {
          await close();
        } finally {
          await unlock?.();
        }
      },
    };
  } catch (error) {
    await close();
    throw error;
  }
}

async function readOutages(path: string, shown: string): Promise<OutageRule[]> {
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
function watchOutages(path: string, options: MockOptions, facility: Facility): FSWatcher {
  const shown = options.outagesFile!;
  let last: Promise<void> = Promise.resolve();
  const reread = async () => {
    let rules: OutageRule[];
    try {
      rules = await readOutages(path, shown);
    } catch (error) {
      options.onOutagesRefused?.((error as Error).message);
      return;
    }
    facility.outages.clear();
    for (const rule of [...options.outages, ...rules]) facility.outages.add(rule);
    options.onOutagesRead?.(rules);
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
  requests: readonly GrantRequest[],
): { name: string; scopes?: string[] }[] {
  const known = facility.scopes;
  if (!known) {
    if (requests.length > 0)
      throw new OptionError(
        `--grant ${JSON.stringify(requests[0]!.spec)}: ${facility.model.description.source} is served by levels ` +
          `(${facility.ladder.join(" < ")}), not by OAuth2 scopes (its requirements list none, or --levels was given)`,
      );
    return facility.ladder.map((name) => ({ name }));
  }
  const wanted = [
    { name: grants.GRANT_ALL, scopes: [...known] },
    { name: grants.GRANT_NONE, scopes: [] },
  ];
  for (const { spec, name, scopes } of requests) {
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

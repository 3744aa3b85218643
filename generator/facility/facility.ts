/**
 * `startFacility()`: the local facility as one object. It reads the description exactly as the generator does
 * (loadModel), serves it at `{base}/openapi.json`, runs the token endpoint and the API on one loopback port, and lets
 * tests and users register clients or have key pairs made for them.
 */

import type { KeyObject } from "node:crypto";
import { createPrivateKey, generateKeyPair } from "node:crypto";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import type { JWK } from "jose";
import { OptionError } from "../errors.js";
import type { Model } from "../model/model.js";
import { loadModel } from "../model/model.js";
import type { Ladder } from "../model/scope.js";
import { allScopes } from "../model/security.js";
import { AccessTokens } from "./access-tokens.js";
import type { World } from "./answer.js";
import type { AuthorizationForms } from "./api.js";
import { handleApiRequest } from "./api.js";
import { isoTime } from "./canned.js";
import type { ClientRegistration, RegisteredClient } from "./clients.js";
import { ClientRegistry } from "./clients.js";
import { Cors, checkOrigins } from "./cors.js";
import type { FaultRule, TokenHooks } from "./faults.js";
import { Faults, TokenHookSlot } from "./faults.js";
import { DEFAULT_MAX_FILE_TREE_BYTES, DEFAULT_MAX_FILES, FileTree } from "./files.js";
import { DEFAULT_MAX_TRANSFERS, GlobusTransfers } from "./globus.js";
import { GroupStore } from "./groups.js";
import type { FacilityRequest, Reply } from "./http.js";
import { detail } from "./http.js";
import { DEFAULT_MAX_JOBS, JobStore } from "./jobs.js";
import { MOCK_USER, projectOf } from "./mock-user.js";
import { Router } from "./routes.js";
import type { RequestLogEntry } from "./server.js";
import { createFacilityServer } from "./server.js";
import type { Shell } from "./shell.js";
import { loadShell } from "./shell.js";
import type { OutageRule } from "./systems.js";
import { Outages } from "./systems.js";
import { DEFAULT_MAX_TASKS, TaskStore } from "./tasks.js";
import { handleTokenRequest, MAX_REMEMBERED_JTIS, ReplayCache } from "./token-endpoint.js";

export interface FacilityOptions {
  /** Default 127.0.0.1: the facility is for this machine only. */
  host?: string;
  /** Default 0: any free port (read it back from `baseUrl`). */
  port?: number;
  /** A description file (JSON or YAML); default the bundled v1.2 snapshot. */
  file?: string;
  /** A relative `file` is read from here (default: the working directory). */
  cwd?: string;
  /** Follow the description's `$ref`s to other files and URLs (refused by default). */
  allowExternalRefs?: boolean;
  /** The ladder, least capable first; default green,red, as for every command. */
  levels?: string | readonly string[];
  vendor?: string;
  /** Where the API lives; default the path of the description's first server URL, else /api/v1.2. */
  basePath?: string;
  /** Default /token. */
  tokenPath?: string;
  /** Access-token lifetime; default 600 s. */
  tokenLifetimeSeconds?: number;
  /**
   * A fault: tokens stop working this many seconds after they are issued, though `expires_in` still says
   * `tokenLifetimeSeconds` (a client must cope with a 401 on a token it believes valid).
   */
  tokenRealLifetimeSeconds?: number;
  /** Faults from the start: 429s, 5xx answers or slow answers from the API or the token endpoint (see FaultRule). */
  faults?: readonly FaultRule[];
  /** Called once per request answered, with what the request log holds (never headers, bodies or tokens). */
  onRequest?: (entry: RequestLogEntry) => void;
  /**
   * How long a task (job submission, cancellation) reads "new" before it completes, and how long a job stays pending,
   * then running; default 2000 ms. A command's task completes at once (as fast as the caller polls) unless this is
   * given: then it takes this long too, for tests that want latency.
   */
  taskDelayMs?: number;
  /**
   * Which Authorization headers the API takes: `"bare-or-bearer"` (the default: the bare token, or `Bearer <token>` as
   * every client of the facility sends it), or only `"bare"` or only `"bearer"`, to check what a client sends.
   */
  authorization?: AuthorizationForms;
  /** @deprecated No effect: `Bearer <token>` is accepted by default (see `authorization`). */
  acceptBearer?: boolean;
  /**
   * How many assertion jtis the token endpoint remembers against replay (each until its assertion expires); past that
   * it answers 429 until the oldest expire. Default 100 000.
   */
  maxRememberedJtis?: number;
  /** Request bodies beyond this get 413; default 1 MiB. */
  maxBodyBytes?: number;
  /**
   * Bounds on what the facility remembers, so it holds however long it runs: tasks, jobs and Globus transfers are
   * forgotten oldest first past their bound (default 5000 each); the file tree refuses uploads past `files` files
   * (default 10 000) or `fileBytes` bytes in all (default 64 MiB).
   */
  limits?: { tasks?: number; jobs?: number; transfers?: number; files?: number; fileBytes?: number };
  /** The facility's clock (ms since the epoch), for tests that move time; default Date.now. */
  now?: () => number;
  /**
   * Origins whose pages may call the facility (`http://localhost:5173`), or `"*"` for any: preflights from them are
   * answered (the methods of the API and the token endpoint, the Authorization and Content-Type headers) and every
   * answer to them says they may read it. Default none: a cross-origin call fails in the browser, as at a facility
   * that does not allow the page.
   */
  cors?: readonly string[];
  /**
   * Outages from the start: each makes its system `unavailable` (or `degraded`, `other`) from `start` (default now) to
   * `end` (default: until ended), as /status and /status/outages tell; a machine whose system is unavailable refuses
   * jobs, commands and file operations as the facility does. More can be added while it runs (`facility.outages`).
   */
  outages?: readonly OutageRule[];
  /**
   * Run commands and job scripts in a simulated bash over the machine's file tree (shell.ts): `true` needs the optional
   * package just-bash (an OptionError naming it when it is missing), `"if-installed"` uses it when it is there. Default
   * false: commands are acted out (docs/mock.md) and scripts never run. Read `facility.shell` for what it got.
   */
  shell?: boolean | "if-installed";
}

/** A client whose key pair the facility made; the private key is here for the caller to save, never logged. */
export interface CreatedClient {
  clientId: string;
  /** Its level; under the security policy, its grant's name. */
  color: string;
  /** The OAuth2 scopes it holds, under the security policy only. */
  scopes?: readonly string[];
  expiresAt: Date;
  /** The source IP ranges it may ask for tokens from (CIDR blocks), and how many its level allows (clientTerms). */
  ipRanges: readonly string[];
  maxIpRanges: number;
  /** PKCS#8 PEM. */
  privateKeyPem: string;
  privateKeyJwk: JWK;
  publicKey: KeyObject;
}

/**
 * A registered client with the key it was registered with, as `createClient` and `restoreClient` hand it out (`pem`:
 * the private key's text as given, else its PKCS#8 export).
 */
export function createdClient(
  client: RegisteredClient,
  color: string,
  keys: { privateKey: KeyObject; publicKey: KeyObject; pem?: string },
): CreatedClient {
  const { privateKey, publicKey } = keys;
  return {
    clientId: client.clientId,
    color,
    ...(client.scopes ? { scopes: client.scopes } : {}),
    expiresAt: client.expiresAt,
    ipRanges: client.ipRanges.cidrs,
    maxIpRanges: client.maxIpRanges,
    privateKeyPem: keys.pem ?? privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
    privateKeyJwk: { ...(privateKey.export({ format: "jwk" }) as JWK), alg: "RS256" },
    publicKey,
  };
}

export interface Facility {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** `{origin}{basePath}`: what a generated client's `baseUrl` should be. */
  readonly baseUrl: string;
  readonly tokenUrl: string;
  readonly model: Model;
  readonly ladder: Ladder;
  /**
   * Under the security policy (the description's requirements list OAuth2 scopes, and no `levels` were given): every
   * scope the description names, what a client's grant may hold. Undefined for a facility of colors.
   */
  readonly scopes?: readonly string[];
  /** Whether commands and job scripts run in the facility's shell (the `shell` option, and just-bash installed). */
  readonly shell: boolean;
  /**
   * The last 10 000 requests answered, oldest first (method, path, status, client; never headers or bodies): a copy
   * made when read.
   */
  readonly requests: readonly RequestLogEntry[];
  /** How much the facility holds now (each bounded by `limits`), for tests that check it stays bounded. */
  held(): { tasks: number; jobs: number; transfers: number; files: number; fileBytes: number; requests: number };
  /**
   * Faults on demand: add a rule (or clear them all) while the facility runs; `tokenHooks` sets the token endpoint's
   * test hooks (replacing any set before, and counting requests from 1 again).
   */
  readonly faults: Pick<Faults, "add" | "clear"> & { tokenHooks(hooks: TokenHooks): void };
  /**
   * Outages on demand: `add` one (a system down from now, or ahead, or degraded), `end` a system's current outages
   * now (they read Completed), or `clear` every outage added (the canned history stays).
   */
  readonly outages: Pick<Outages, "add" | "end" | "clear">;
  registerClient(registration: ClientRegistration): RegisteredClient;
  /** Make an RSA key pair and register its public half with `color` (under the security policy: a grant's name). */
  createClient(color: string, options?: Omit<ClientRegistration, "color" | "publicKey">): Promise<CreatedClient>;
  /**
   * Register a client whose key pair an earlier start made (a saved key file): same ID, key and expiry, so the file
   * keeps working.
   */
  restoreClient(
    saved: { clientId: string; color: string; privateKeyPem: string; expiresAt: Date },
    // `scopes`: the grant's, which may differ from the saved client's (the files are written again).
    options?: Omit<ClientRegistration, "color" | "publicKey" | "clientId" | "expiresAt">,
  ): CreatedClient;
  close(): Promise<void>;
}

/** The shell `shell` asks for: none, just-bash's (refused when missing), or just-bash's when it is installed. */
async function startShell(
  wanted: boolean | "if-installed",
  files: FileTree,
  jobs: JobStore,
): Promise<Shell | undefined> {
  if (wanted === false) return undefined;
  try {
    return await loadShell(files, jobs);
  } catch (error) {
    if (wanted === "if-installed" && error instanceof OptionError) return undefined;
    throw error;
  }
}

export const DEFAULT_BASE_PATH = "/api/v1.2";
const DEFAULTS = {
  host: "127.0.0.1",
  port: 0,
  tokenPath: "/token",
  tokenLifetimeSeconds: 600,
  taskDelayMs: 2000,
  maxBodyBytes: 1 << 20,
  maxRememberedJtis: MAX_REMEMBERED_JTIS,
  authorization: "bare-or-bearer" as AuthorizationForms,
};
/** A scripted "hang" ends when the facility closes, or after this long at the latest. */
const MAX_HANG_MS = 3_600_000;
const generateRsaKeyPair = promisify(generateKeyPair);

export async function startFacility(options: FacilityOptions = {}): Promise<Facility> {
  const settings = checkOptions(options);
  const now = options.now ?? Date.now;
  const model = await loadModel(
    { file: options.file, cwd: options.cwd, allowExternalRefs: options.allowExternalRefs },
    { levels: options.levels, vendor: options.vendor },
  );
  const basePath = options.basePath !== undefined ? checkPath("basePath", options.basePath) : basePathOf(model);
  if (basePath === settings.tokenPath) throw new OptionError(`the base path and the token path are both ${basePath}`);

  const startedAt = now();
  const scopes = model.policy === "security" ? allScopes(model.description.document) : undefined;
  const registry = new ClientRegistry(model.ladder, now, scopes);
  const limits = checkLimits(options.limits ?? {});
  const tasks = new TaskStore(settings.taskDelayMs, now, limits.tasks);
  const groups = new GroupStore();
  const accounts = () => new Set([MOCK_USER.name, ...registry.list().map((client) => client.user)]);
  const files = new FileTree(now, limits.files, limits.fileBytes, {
    accounts,
    // A project's folder is its group's: the members of the group of that name, else the accounts of that project.
    inProject: (account, project) =>
      groups.isMember(project, account) ??
      ([...accounts()].some((a) => projectOf(a) === project) ? projectOf(account) === project : undefined),
  });
  const jobs = new JobStore(tasks, now, files, limits.jobs);
  jobs.shell = await startShell(options.shell ?? false, files, jobs);
  const outages = new Outages(now, startedAt, options.outages, isoTime);
  const globus = new GlobusTransfers(settings.taskDelayMs, now, limits.transfers);
  const router = new Router(model.operations);
  const replay = new ReplayCache(settings.maxRememberedJtis);
  const faults = new Faults(options.faults);
  const tokenHooks = new TokenHookSlot();
  // Aborted on close, so a slow-answer fault never holds the process open.
  const closing = new AbortController();
  // Served byte for byte when it is JSON, so a client generated from the facility records the file's own SHA-256.
  const { text: descriptionText, document } = model.description;
  const descriptionJson = /^\s*\{/.test(descriptionText) ? descriptionText : JSON.stringify(document);
  // Set once the server listens (the URLs need the port); no request can arrive before that.
  let listening: { origin: string; tokenUrl: string; tokens: AccessTokens; world: World } | undefined;

  const cors = new Cors(checkOrigins(options.cors ?? []), [...new Set(model.operations.map((o) => o.method))]);
  const handle = async (request: FacilityRequest): Promise<Reply> => {
    const preflight = cors.preflight(request);
    if (preflight) return preflight;
    const answer = cors.decorate(request, await answerRequest(request));
    const color = answer.clientId === undefined ? undefined : registry.get(answer.clientId)?.color;
    return color === undefined ? answer : { ...answer, color };
  };

  const answerRequest = async (request: FacilityRequest): Promise<Reply> => {
    const { origin, tokenUrl, tokens, world } = listening!;
    const path = request.url.pathname;
    const target = path === settings.tokenPath ? "token" : path.startsWith(`${basePath}/`) ? "api" : undefined;
    const fault = target && faults.take(target, target === "api" ? path.slice(basePath.length) : path);
    if (fault) {
      if (fault.delayMs > 0 && !(await pause(fault.delayMs, closing.signal)))
        return detail(503, "the local facility is stopping");
      if (fault.reply) return fault.reply;
    }
    if (path === settings.tokenPath) {
      const hang = async () => {
        await pause(MAX_HANG_MS, closing.signal);
        return detail(503, "no answer (a scripted hang)");
      };
      return handleTokenRequest(request, { registry, tokens, replay, tokenUrl, now, hooks: tokenHooks, hang });
    }
    if (path === `${basePath}/openapi.json`)
      return request.method === "GET" || request.method === "HEAD"
        ? { status: 200, rawJson: descriptionJson }
        : detail(405, "Method Not Allowed");
    if (path.startsWith(`${basePath}/`)) {
      // Jobs that have started since the last request run their scripts first, so the answer sees what they did.
      await jobs.runStarted();
      return handleApiRequest(request, path.slice(basePath.length), {
        model,
        router,
        tokens,
        world,
        authorization: settings.authorization,
      });
    }
    return detail(404, `Not Found (the API is under ${origin}${basePath}, the token endpoint at ${tokenUrl})`);
  };

  const { server, log } = createFacilityServer(handle, {
    maxBodyBytes: settings.maxBodyBytes,
    now,
    onRequest: options.onRequest,
  });
  await new Promise<void>((resolvePromise, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) =>
      reject(new OptionError(`cannot listen on ${settings.host}:${settings.port}: ${error.code ?? error.message}`)),
    );
    server.listen(settings.port, settings.host, () => resolvePromise());
  });
  const { address, port } = server.address() as AddressInfo;
  const origin = `http://${address.includes(":") ? `[${address}]` : address}:${port}`;
  const tokenUrl = `${origin}${settings.tokenPath}`;
  const tokens = await AccessTokens.create({
    issuer: origin,
    lifetimeSeconds: settings.tokenLifetimeSeconds,
    realLifetimeSeconds: settings.tokenRealLifetimeSeconds,
    now,
  });
  const world: World = {
    document,
    registry,
    tasks,
    jobs,
    files,
    ...(jobs.shell ? { shell: jobs.shell } : {}),
    globus,
    groups,
    outages,
    now,
    commandDelayMs: options.taskDelayMs === undefined ? 0 : settings.taskDelayMs,
    startedAt,
    baseUrl: `${origin}${basePath}`,
    tokenUrl,
  };
  listening = { origin, tokenUrl, tokens, world };

  return {
    origin,
    baseUrl: world.baseUrl,
    tokenUrl,
    model,
    ladder: model.ladder,
    ...(scopes ? { scopes } : {}),
    shell: jobs.shell !== undefined,
    get requests() {
      return log.toArray();
    },
    faults: {
      add: (rule) => faults.add(rule),
      clear: () => faults.clear(),
      tokenHooks: (hooks) => tokenHooks.set(hooks),
    },
    held: () => ({
      tasks: tasks.size,
      jobs: jobs.size,
      transfers: globus.size,
      files: files.count,
      fileBytes: files.bytes,
      requests: log.length,
    }),
    outages: {
      add: (rule) => outages.add(rule),
      end: (system) => outages.end(system),
      clear: () => outages.clear(),
    },
    registerClient: (registration) => registry.register(registration),
    async createClient(color, more = {}) {
      const { privateKey, publicKey } = await generateRsaKeyPair("rsa", { modulusLength: 2048 });
      return createdClient(registry.register({ ...more, color, publicKey }), color, { privateKey, publicKey });
    },
    restoreClient(saved, more = {}) {
      const privateKey = createPrivateKey(saved.privateKeyPem);
      const { clientId, color } = saved;
      const client = registry.register({ ...more, clientId, color, publicKey: privateKey, expiresAt: saved.expiresAt });
      return createdClient(client, color, { privateKey, publicKey: client.publicKey, pem: saved.privateKeyPem });
    },
    close: () =>
      new Promise<void>((resolvePromise) => {
        closing.abort();
        server.close(() => resolvePromise());
        server.closeAllConnections();
      }),
  };
}

function checkOptions(options: FacilityOptions) {
  const s = { ...DEFAULTS, ...definedOnly(options) };
  checkInteger("port", s.port, 0, 65_535);
  checkInteger("tokenLifetimeSeconds", s.tokenLifetimeSeconds, 1, 86_400);
  if (s.tokenRealLifetimeSeconds !== undefined)
    checkInteger("tokenRealLifetimeSeconds", s.tokenRealLifetimeSeconds, 0, s.tokenLifetimeSeconds);
  checkInteger("taskDelayMs", s.taskDelayMs, 0, 86_400_000);
  checkInteger("maxBodyBytes", s.maxBodyBytes, 1, 1 << 30);
  checkInteger("maxRememberedJtis", s.maxRememberedJtis, 1, 10_000_000);
  checkPath("tokenPath", s.tokenPath);
  if (!["bare-or-bearer", "bare", "bearer"].includes(s.authorization))
    throw new OptionError(
      `authorization must be bare-or-bearer, bare or bearer, not ${JSON.stringify(s.authorization)}`,
    );
  return s;
}

function checkLimits(limits: NonNullable<FacilityOptions["limits"]>) {
  const s = {
    tasks: DEFAULT_MAX_TASKS,
    jobs: DEFAULT_MAX_JOBS,
    transfers: DEFAULT_MAX_TRANSFERS,
    files: DEFAULT_MAX_FILES,
    fileBytes: DEFAULT_MAX_FILE_TREE_BYTES,
    ...definedOnly(limits),
  };
  for (const [name, value] of Object.entries(s)) checkInteger(`limits.${name}`, value, 1, 1 << 30);
  return s;
}

function checkInteger(name: string, value: unknown, min: number, max: number): void {
  if (!Number.isInteger(value) || (value as number) < min || (value as number) > max) {
    throw new OptionError(`${name} must be a whole number from ${min} to ${max}, not ${JSON.stringify(value)}`);
  }
}

function checkPath(name: string, value: string): string {
  if (!/^\/[A-Za-z0-9._~/-]*$/.test(value) || value.endsWith("/"))
    throw new OptionError(`${name} must be a path such as /api/v1.2, not ${JSON.stringify(value)}`);
  return value;
}

/**
 * Where the facility serves the API: the path of the generated client's default base URL (the model's one rule:
 * the description's https or relative server URL, else the facility's own), so that a client generated from the same
 * description finds it at `origin + path`. A path the router cannot hold gets the facility's own.
 */
function basePathOf(model: Model): string {
  const path = new URL(model.baseUrl.url).pathname.replace(/\/+$/, "");
  return /^\/[A-Za-z0-9._~/-]+$/.test(path) ? path : DEFAULT_BASE_PATH;
}

/** Waits `ms` (a slow-answer fault); false when the facility closes first. */
function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolvePromise) => {
    if (signal.aborted) return resolvePromise(false);
    const done = (finished: boolean) => {
      clearTimeout(timer);
      signal.removeEventListener("abort", aborted);
      resolvePromise(finished);
    };
    const aborted = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal.addEventListener("abort", aborted, { once: true });
  });
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

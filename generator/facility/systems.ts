/**
 * The facility's systems and their condition: the status page's 33 systems, each active unless an outage says
 * otherwise. Outages are given when the facility starts (`outages`, `sfapi-gen mock --down/--degraded/--outages`) or
 * added while it runs (`facility.outages`); each makes its system `unavailable` (or `degraded`, or `other`) from its
 * start to its end (open-ended until ended), on the facility's clock. `/status`, `/status/notes` and
 * `/status/outages` (past and current; `planned` for those ahead) tell of them as the facility does, beside the canned
 * history every system has (last week's maintenance, a planned one in two weeks). While a machine's system is
 * unavailable, the machine refuses jobs, commands and file operations with the facility's `{"status": "ERROR",
 * "error": ...}` answer (the official client raises it as SfApiError; its own check refuses a compute resource whose
 * status reads `unavailable`, naming the status and the notes, as the refusal here does). Degraded systems work.
 */
import { OptionError } from "../errors.js";
import type { Reply } from "./http.js";
import { reply } from "./http.js";

/**
 * The facility's systems as its status lists them: the names, kinds and full names of the official Python client's
 * `Resource` model (`_models/resources.py`, generated from the facility's `/status`), in its order.
 */
export const SYSTEMS = [
  { name: "perlmutter", full_name: "Perlmutter", system_type: "compute" },
  { name: "cori", full_name: "Cori", system_type: "compute" },
  { name: "dna", full_name: "DNA", system_type: "filesystem" },
  { name: "dtns", full_name: "Data Transfer Nodes", system_type: "filesystem" },
  { name: "global_homes", full_name: "Global Homes", system_type: "filesystem" },
  { name: "global_common", full_name: "Global Common", system_type: "filesystem" },
  { name: "community_filesystem", full_name: "Community File System (CFS)", system_type: "filesystem" },
  { name: "iris", full_name: "IRIS", system_type: "service" },
  { name: "globus", full_name: "Globus", system_type: "service" },
  { name: "jupyter", full_name: "Jupyter", system_type: "service" },
  { name: "nersc_center", full_name: "NERSC Center", system_type: "service" },
  { name: "helpportal", full_name: "Help Portal", system_type: "service" },
  { name: "website", full_name: "NERSC Website", system_type: "service" },
  { name: "rstudio", full_name: "R Studio", system_type: "service" },
  { name: "sgns", full_name: "Science Gateway Services", system_type: "service" },
  { name: "network", full_name: "Network", system_type: "service" },
  { name: "ldap", full_name: "LDAP", system_type: "service" },
  { name: "integ_datalanguage", full_name: "Integrated Data Language", system_type: "service" },
  { name: "mathematica", full_name: "Mathematica", system_type: "service" },
  { name: "spin", full_name: "Spin", system_type: "service" },
  { name: "mongodb", full_name: "MongoDB", system_type: "service" },
  { name: "matlab", full_name: "MATLAB", system_type: "service" },
  { name: "jgi_int_webservers", full_name: "JGI db, int, and web servers", system_type: "service" },
  { name: "jgidb", full_name: "JGI db", system_type: "service" },
  { name: "int", full_name: "int", system_type: "service" },
  { name: "webservers", full_name: "web servers", system_type: "service" },
  { name: "ssh-proxy", full_name: "ssh-proxy", system_type: "service" },
  { name: "sciencedatabases", full_name: "Science Databases", system_type: "service" },
  { name: "myproxy", full_name: "MyProxy", system_type: "service" },
  { name: "nomachine", full_name: "NoMachine", system_type: "service" },
  { name: "newt", full_name: "NEWT", system_type: "service" },
  { name: "regent", full_name: "HPSS Regent (Backup)", system_type: "storage" },
  { name: "archive", full_name: "HPSS Archive (User)", system_type: "storage" },
] as const;

export const SYSTEM_NAMES: readonly string[] = SYSTEMS.map((s) => s.name);

/** The status page's system for each machine the API runs things on (`dtn01` is one of the Data Transfer Nodes). */
const SYSTEM_OF_MACHINE: Readonly<Record<string, string>> = { perlmutter: "perlmutter", dtns: "dtns", dtn01: "dtns" };

/** A system's condition while an outage lasts (the description's `StatusValue`, less `active`). */
export const OUTAGE_STATES = ["unavailable", "degraded", "other"] as const;
export type OutageState = (typeof OUTAGE_STATES)[number];

export interface OutageRule {
  /** The system, as the status page names it (`perlmutter`, `dtns`, `global_homes`, ...; `dtn01` means `dtns`). */
  system: string;
  /** What the system is while the outage lasts; default `unavailable`. */
  status?: OutageState;
  /** When it begins (a Date or ms since the epoch, on the facility's clock); default now. */
  start?: Date | number;
  /** When it ends; default: not until `facility.outages.end(system)` or `clear()`. */
  end?: Date | number;
  /** What the facility's notes say about it; default "Unscheduled outage" (or "Scheduled maintenance" ahead). */
  notes?: string;
}

interface Outage {
  system: string;
  status: OutageState;
  start: number;
  end: number;
  notes: string;
}

/** Outages past this many are refused, so the facility stays bounded. */
export const MAX_OUTAGES = 1000;
const MAX_NOTES = 1000;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const DESCRIPTION: Record<OutageState | "active", string> = {
  active: "System is active",
  unavailable: "System Unavailable",
  degraded: "System Degraded",
  other: "Other",
};
/** Most severe first: a system in two outages at once reads as the worse. */
const SEVERITY: readonly OutageState[] = ["unavailable", "degraded", "other"];

/** A system's entry on the status page (`GET /status/{name}`). */
export interface SystemStatus {
  name: string;
  full_name: string;
  description: string;
  system_type: (typeof SYSTEMS)[number]["system_type"];
  notes: string[];
  status: string;
  updated_at: string;
}

/** One of a system's notes (`GET /status/notes/{name}`). */
export interface SystemNote {
  name: string;
  notes: string;
  active: boolean;
  timestamp: string;
}

/** One of a system's outages, past or planned (`GET /status/outages/{name}`, `.../planned/{name}`). */
export interface OutageEntry {
  name: string;
  start_at: string;
  end_at?: string;
  description: string;
  notes: string;
  status: string;
  update_at: string;
  swo?: string;
}

export class Outages {
  readonly #outages: Outage[] = [];
  /** Counts changes, so the status page's cached text knows when it is stale. */
  #version = 0;
  /**
   * `GET /status/`'s JSON text, made once and kept while nothing changes: no outage added, ended or cleared, and the
   * clock still between the same two outage starts or ends (what the page says changes only there).
   */
  #page: { version: number; from: number; until: number; json: string } | undefined;

  constructor(
    private readonly now: () => number,
    readonly startedAt: number,
    rules: readonly OutageRule[] = [],
    private readonly isoTime: (ms: number) => string = (ms) => new Date(ms).toISOString(),
  ) {
    for (const rule of rules) this.add(rule);
  }

  /** Add an outage (its system unavailable, or as `status` says, from `start` to `end`). */
  add(rule: OutageRule): void {
    const outage = checkRule(rule, this.now());
    if (this.#outages.length >= MAX_OUTAGES)
      throw new OptionError(`at most ${MAX_OUTAGES} outages in the local facility`);
    this.#outages.push(outage);
    this.#version++;
  }

  /** End `system`'s current outages now (they read Completed); those still ahead stay planned. */
  end(system: string): void {
    const name = systemName(system);
    const now = this.now();
    for (const outage of this.#outages)
      if (outage.system === name && outage.start <= now && now < outage.end) outage.end = now;
    this.#version++;
  }

  /** Forget every outage added (the canned history stays). */
  clear(): void {
    this.#outages.length = 0;
    this.#version++;
  }

  /** The status page's entry for `name`. */
  status(name: string): SystemStatus {
    const { full_name = name, system_type = "service" } = SYSTEMS.find((s) => s.name === name) ?? {};
    const now = this.now();
    const current = this.#current(name, now);
    // Updated when the last outage of the system began or ended (before now), else when the facility started.
    let updated = this.startedAt;
    for (const o of this.#outages)
      if (o.system === name) for (const at of [o.start, o.end]) if (at <= now && at > updated) updated = at;
    return {
      name,
      full_name,
      description: DESCRIPTION[current?.status ?? "active"],
      system_type,
      notes: current ? [this.#line(current)] : [],
      status: current?.status ?? "active",
      updated_at: this.isoTime(updated),
    };
  }

  /** Every system's entry, in the status page's order. */
  statuses(): SystemStatus[] {
    return SYSTEMS.map((s) => this.status(s.name));
  }

  /** `statuses()` as JSON text: the one answer polled most, so made again only when it can have changed. */
  statusesJson(): string {
    const now = this.now();
    const page = this.#page;
    if (page && page.version === this.#version && page.from <= now && now < page.until) return page.json;
    let [from, until] = [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY];
    for (const o of this.#outages)
      for (const at of [o.start, o.end]) {
        if (at <= now && at > from) from = at;
        if (at > now && at < until) until = at;
      }
    const json = JSON.stringify(this.statuses());
    this.#page = { version: this.#version, from, until, json };
    return json;
  }

  /**
   * `name`'s notes: one per outage begun, newest first (active while it lasts), then, while none is in force, the
   * canned "operating normally".
   */
  notes(name: string): SystemNote[] {
    const now = this.now();
    const begun = this.#outages.filter((o) => o.system === name && o.start <= now).reverse();
    const notes = begun.map((o) => ({
      name,
      notes: this.#line(o),
      active: now < o.end,
      timestamp: this.isoTime(o.start),
    }));
    if (notes.some((n) => n.active)) return notes;
    return [
      ...notes,
      { name, notes: `${name} is operating normally.`, active: false, timestamp: this.isoTime(this.startedAt) },
    ];
  }

  /** `name`'s past and current outages: last week's maintenance, then those added that have begun. */
  past(name: string): OutageEntry[] {
    const now = this.now();
    const start = this.startedAt - 7 * DAY_MS;
    return [
      this.#maintenance(name, start, start + 4 * HOUR_MS, "Completed", start + 4 * HOUR_MS),
      ...this.#outages
        .filter((o) => o.system === name && o.start <= now)
        .map((o) => (now < o.end ? this.#outage(o, "Active", o.start) : this.#outage(o, "Completed", o.end))),
    ];
  }

  /** `name`'s outages ahead: those added, then the canned maintenance in two weeks. */
  planned(name: string): OutageEntry[] {
    const now = this.now();
    const start = this.startedAt + 14 * DAY_MS;
    return [
      ...this.#outages
        .filter((o) => o.system === name && o.start > now)
        .map((o) => this.#outage(o, "Planned", this.startedAt)),
      this.#maintenance(name, start, start + 6 * HOUR_MS, "Planned", this.startedAt),
    ];
  }

  /**
   * The refusal a call on `machine` gets while the machine's system is unavailable, in the shape of `operation`'s
   * answer (`METHOD template`); undefined when the machine is up (or degraded).
   */
  refusal(operation: string, machine: string | undefined): Reply | undefined {
    if (machine === undefined || this.#outages.length === 0) return undefined;
    const system = SYSTEM_OF_MACHINE[machine] ?? machine;
    const current = this.#current(system, this.now());
    if (current?.status !== "unavailable") return undefined;
    const error = `${machine} is unavailable: ${this.#line(current)}`;
    return reply(200, { ...(REFUSAL_SHAPES[operation] ?? {}), status: "ERROR", error });
  }

  /** The most severe outage of `name` in force at `now`. */
  #current(name: string, now: number): Outage | undefined {
    let worst: Outage | undefined;
    for (const o of this.#outages)
      if (o.system === name && o.start <= now && now < o.end)
        if (!worst || SEVERITY.indexOf(o.status) < SEVERITY.indexOf(worst.status)) worst = o;
    return worst;
  }

  /** `2025-06-01 09:00 UTC -- 2025-06-01 13:00 UTC, System Unavailable, <notes>`: the facility's note line. */
  #line(o: Outage): string {
    const minute = (ms: number) => `${this.isoTime(ms).slice(0, 16).replace("T", " ")} UTC`;
    const until = Number.isFinite(o.end) ? minute(o.end) : "until further notice";
    return `${minute(o.start)} -- ${until}, ${DESCRIPTION[o.status]}, ${o.notes}`;
  }

  #outage(o: Outage, status: "Active" | "Completed" | "Planned", updated: number): OutageEntry {
    return {
      ...this.#maintenance(o.system, o.start, o.end, status, updated),
      description: DESCRIPTION[o.status],
      notes: o.notes,
      // The facility's short code for a degraded system (the description's example); others are not documented.
      ...(o.status === "degraded" ? { swo: "degr" } : {}),
    };
  }

  /** The canned history's shape: an outage entry (open-ended ones have no `end_at`). */
  #maintenance(name: string, start: number, end: number, status: string, updated: number): OutageEntry {
    return {
      name,
      start_at: this.isoTime(start),
      ...(Number.isFinite(end) ? { end_at: this.isoTime(end) } : {}),
      description: "Scheduled maintenance",
      notes: "",
      status,
      update_at: this.isoTime(updated),
    };
  }
}

/** The rest of each refused operation's answer beside `status` and `error`, as its schema has it. */
const REFUSAL_SHAPES: Readonly<Record<string, Record<string, unknown>>> = {
  "POST /compute/jobs/{machine}": { task_id: "" },
  "DELETE /compute/jobs/{machine}/{jobid}": { task_id: "" },
  "POST /utilities/command/{machine}": { task_id: "" },
  "GET /compute/jobs/{machine}": { output: [] },
  "GET /compute/jobs/{machine}/{jobid}": { output: [] },
  "GET /utilities/ls/{machine}/{path}": { entries: [] },
  "GET /utilities/download/{machine}/{path}": { file: null, is_binary: false },
  "PUT /utilities/upload/{machine}/{path}": { output: null },
};

/** A system the status page lists (a machine's name is taken for its system); an OptionError for any other. */
function systemName(system: unknown): string {
  const name = typeof system === "string" ? (SYSTEM_OF_MACHINE[system] ?? system) : undefined;
  if (name === undefined || !SYSTEM_NAMES.includes(name))
    throw new OptionError(
      `outage system must be one of the status page's systems (${SYSTEM_NAMES.join(", ")}) or dtn01, ` +
        `not ${JSON.stringify(system)}`,
    );
  return name;
}

function checkRule(rule: OutageRule, now: number): Outage {
  const system = systemName(rule.system);
  const status = rule.status ?? "unavailable";
  if (!OUTAGE_STATES.includes(status))
    throw new OptionError(
      `outage status must be one of ${OUTAGE_STATES.join(", ")}, not ${JSON.stringify(rule.status)}`,
    );
  const start = instant("start", rule.start, now);
  const end = instant("end", rule.end, Number.POSITIVE_INFINITY);
  if (end <= start) throw new OptionError(`outage of ${system}: its end must come after its start`);
  if (rule.notes !== undefined && typeof rule.notes !== "string")
    throw new OptionError(`outage notes must be text, not ${JSON.stringify(rule.notes)}`);
  const notes = (rule.notes ?? "")
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .trim()
    .slice(0, MAX_NOTES);
  return { system, status, start, end, notes: notes || (start > now ? "Scheduled maintenance" : "Unscheduled outage") };
}

function instant(name: string, value: Date | number | undefined, otherwise: number): number {
  if (value === undefined) return otherwise;
  const ms = value instanceof Date ? value.getTime() : value;
  if (typeof ms !== "number" || !Number.isFinite(ms))
    throw new OptionError(`outage ${name} must be a Date or ms since the epoch, not ${JSON.stringify(value)}`);
  return ms;
}

/**
 * An outage file: a JSON array of outages, each `{"system", "status"?, "start"?, "end"?, "notes"?}` with times in
 * ISO 8601 (`2025-06-01T09:00:00Z`) or relative to `now` (`+10m`, `-1h`, `+90s`, `+2d`). An OptionError naming the
 * file and the JSON pointer of what is wrong.
 */
export function outagesFromJson(text: string, source: string, now: number): OutageRule[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new OptionError(`${source}: not JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(parsed)) throw new OptionError(`${source}: /: must be an array of outages`);
  if (parsed.length > MAX_OUTAGES) throw new OptionError(`${source}: /: at most ${MAX_OUTAGES} outages`);
  return parsed.map((item: unknown, i): OutageRule => {
    const at = (key?: string) => `${source}: /${i}${key ? `/${key}` : ""}`;
    if (typeof item !== "object" || item === null || Array.isArray(item))
      throw new OptionError(`${at()}: must be an object such as {"system": "perlmutter"}`);
    const fields = item as Record<string, unknown>;
    for (const key of Object.keys(fields))
      if (!["system", "status", "start", "end", "notes"].includes(key))
        throw new OptionError(`${at(key)}: unknown field (system, status, start, end, notes)`);
    const when = (key: "start" | "end") => {
      const value = fields[key];
      if (value === undefined) return undefined;
      const ms = typeof value === "string" ? parseWhen(value, now) : undefined;
      if (ms === undefined)
        throw new OptionError(
          `${at(key)}: ${JSON.stringify(value)} is not a time (ISO 8601, or +/- a number and s, m, h or d)`,
        );
      return ms;
    };
    const rule = {
      system: fields.system,
      status: fields.status,
      start: when("start"),
      end: when("end"),
      notes: fields.notes,
    } as OutageRule;
    try {
      checkRule(rule, now);
    } catch (error) {
      const key = ["system", "status", "notes"].find((k) => (error as Error).message.startsWith(`outage ${k}`));
      throw new OptionError(`${at(key ?? "end")}: ${(error as Error).message}`);
    }
    return rule;
  });
}

/** `+10m`, `-1h`, `+90s`, `+2d` from `now`, or an ISO 8601 date-time; undefined for anything else. */
export function parseWhen(text: string, now: number): number | undefined {
  const relative = /^([+-])(\d{1,9})([smhd])$/.exec(text.trim());
  if (relative) {
    const unit = { s: 1000, m: 60_000, h: HOUR_MS, d: DAY_MS }[relative[3] as "s" | "m" | "h" | "d"];
    return now + (relative[1] === "-" ? -1 : 1) * Number(relative[2]) * unit;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/.test(text.trim())) return undefined;
  const ms = Date.parse(text.trim());
  return Number.isNaN(ms) ? undefined : ms;
}

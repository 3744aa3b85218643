/**
 * Unix groups of the facility's projects, as `/account/groups` manages them: the user's project group from the start,
 * and each group created through the API, with the members added and removed since. Groups are the facility's (a
 * Unix group is one for every account); an account lists those it is in or created. What the facility refuses, the
 * mock refuses: a name already taken or longer than 8 characters (422), a project that is not the caller's (404), a
 * group that does not exist (404).
 */
import { MOCK_USER, projectOf, stableId, uidOf } from "./mock-user.js";

interface Group {
  gid: number;
  name: string;
  creator: string;
  members: string[];
}

/** Groups past this are refused (422), so the mock stays bounded. */
export const MAX_GROUPS = 1000;
/** Members per group past this are not added. */
const MAX_MEMBERS = 1000;

export type GroupOutcome =
  | { group: GroupView }
  | { refused: "exists" | "too-long" | "too-many" | "no-project" | "no-group" };

export class GroupStore {
  readonly #groups = new Map<string, Group>();

  constructor() {
    const name = MOCK_USER.project;
    this.#groups.set(name, { gid: MOCK_USER.groupId, name, creator: MOCK_USER.name, members: [MOCK_USER.name] });
  }

  /** The groups `account` is in or created, oldest first. */
  list(account: string): GroupView[] {
    return [...this.#groups.values()].filter((g) => g.creator === account || g.members.includes(account)).map(view);
  }

  /** Whether `account` is in group `name`; undefined when there is no such group. */
  isMember(name: string, account: string): boolean | undefined {
    return this.#groups.get(name)?.members.includes(account);
  }

  get(name: string): GroupOutcome {
    const group = this.#groups.get(name);
    return group ? { group: view(group) } : { refused: "no-group" };
  }

  /** A new group of the project `project`, with its creator as the one member. */
  create(account: string, name: string, project: string): GroupOutcome {
    if (name.length > 8) return { refused: "too-long" };
    if (project !== projectOf(account)) return { refused: "no-project" };
    if (this.#groups.has(name)) return { refused: "exists" };
    if (this.#groups.size >= MAX_GROUPS) return { refused: "too-many" };
    const group = { gid: stableId(name, 70_000), name, creator: account, members: [account] };
    this.#groups.set(name, group);
    return { group: view(group) };
  }

  /** Add (`batch_add`) or remove (`batch_remove`) members. */
  update(name: string, usernames: readonly string[], remove: boolean): GroupOutcome {
    const group = this.#groups.get(name);
    if (!group) return { refused: "no-group" };
    if (remove) group.members = group.members.filter((m) => !usernames.includes(m));
    else
      for (const user of usernames)
        if (!group.members.includes(user) && group.members.length < MAX_MEMBERS) group.members.push(user);
    return { group: view(group) };
  }
}

/** A group as the facility's answers show it. */
export interface GroupView {
  gid: number;
  name: string;
  users: { uid: number; name: string }[];
}

function view(group: Group): GroupView {
  return { gid: group.gid, name: group.name, users: group.members.map((name) => ({ uid: uidOf(name), name })) };
}

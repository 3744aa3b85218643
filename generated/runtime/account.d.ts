// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import type { NamedCall } from "./calls.js";
import type { Clock } from "./clock.js";
import { type Observers } from "./observe.js";
import type { SignalOption } from "./remote-path.js";
/** The operations (friendly names) of these helpers, by role, as the generator found them. */
export interface AccountSpec {
    readonly readUser?: string;
    readonly readProjects?: string;
    readonly readRoles?: string;
    readonly readGroups?: string;
    readonly createGroup?: string;
    readonly readGroup?: string;
    readonly updateGroup?: string;
    readonly readClients?: string;
    readonly readStatuses?: string;
    readonly readStatus?: string;
    readonly readNotes?: string;
    readonly readNotesOf?: string;
    readonly readOutages?: string;
    readonly readOutagesOf?: string;
    readonly readPlannedOutages?: string;
    readonly readPlannedOutagesOf?: string;
    readonly startTransfer?: string;
    readonly readTransfer?: string;
    readonly readChangelog?: string;
    readonly readConfig?: string;
}
export interface AccountDeps {
    spec: AccountSpec;
    calls: Readonly<Record<string, NamedCall>>;
    clock: Clock;
    observers: Observers;
}
export interface UserFinding<User> {
    /** A user's account (`GET /account/`): yours, or `name`'s. */
    user(name?: string, options?: SignalOption): Promise<User>;
}
export interface UserReading<Group, Project, Role, ApiClient> {
    /** Your groups. */
    groups(options?: SignalOption): Promise<Group[]>;
    /** Your projects. */
    projects(options?: SignalOption): Promise<Project[]>;
    /** Your roles. */
    roles(options?: SignalOption): Promise<Role[]>;
    /** Your Superfacility API clients. */
    clients(options?: SignalOption): Promise<ApiClient[]>;
}
export interface GroupFinding<Group> {
    /** A Unix group and its members (`GET /account/groups/{group}`). */
    group(name: string, options?: SignalOption): Promise<Group>;
}
export interface GroupMembers<Member> {
    /** The members at the last read (`update()`, `add()` and `remove()` refresh them). */
    readonly members: readonly Member[];
}
export interface GroupUpdating {
    /** Read the group again: its members. */
    update(options?: SignalOption): Promise<void>;
}
export interface GroupChanging {
    /** Add these users (names) to the group; its members are then the facility's answer. */
    add(users: string | readonly string[], options?: SignalOption): Promise<void>;
    /** Remove these users (names) from the group. */
    remove(users: string | readonly string[], options?: SignalOption): Promise<void>;
}
export interface GroupCreating<Group> {
    /** Create a Unix group owned by this project (`POST /account/groups`). */
    createGroup(name: string, options?: SignalOption): Promise<Group>;
}
/** Answers for every resource (no name: by resource name) or for one. */
export interface ResourceStatus<Status> {
    /** Every resource's status, by name; or one resource's. */
    status(name?: undefined, options?: SignalOption): Promise<Record<string, Status>>;
    status(name: string, options?: SignalOption): Promise<Status>;
}
export interface ResourceNotes<Note> {
    /** Every resource's notes, by name; or one resource's. */
    notes(name?: undefined, options?: SignalOption): Promise<Record<string, Note[]>>;
    notes(name: string, options?: SignalOption): Promise<Note[]>;
}
export interface ResourceOutages<Outage> {
    /** Every resource's outages, by name; or one resource's. */
    outages(name?: undefined, options?: SignalOption): Promise<Record<string, Outage[]>>;
    outages(name: string, options?: SignalOption): Promise<Outage[]>;
}
export interface ResourcePlannedOutages<Outage> {
    /** Every resource's planned outages, by name; or one resource's. */
    plannedOutages(name?: undefined, options?: SignalOption): Promise<Record<string, Outage[]>>;
    plannedOutages(name: string, options?: SignalOption): Promise<Outage[]>;
}
export interface ApiChangelog<Item> {
    /** The API's changelog. */
    changelog(options?: SignalOption): Promise<Item[]>;
}
export interface ApiConfig {
    /** The API's configuration, key to value. */
    config(options?: SignalOption): Promise<Record<string, string>>;
}
export interface TransferStart {
    sourceMachine: string;
    targetMachine: string;
    sourceDir: string;
    targetDir: string;
    /** The transfer's label (the facility makes one up without it). */
    label?: string;
}
export interface TransferStarting<Transfer> {
    /**
     * Start a Globus transfer (`dtns` and `dtn01` name the endpoint `dtn`, as the official client): the transfer, its
     * state read once.
     */
    startTransfer(transfer: TransferStart, options?: SignalOption): Promise<Transfer>;
}
export interface TransferFinding<Transfer> {
    /** A Globus transfer by id, its state read. */
    transfer(id: string, options?: SignalOption): Promise<Transfer>;
}
export interface TransferWaitOptions extends SignalOption {
    /** Between polls, in milliseconds (default 10 000, as the official client). */
    interval?: number;
    /** When it passes, a TaskError (`taskId`: the transfer id); default: as long as it takes. */
    timeout?: number;
}
export interface TransferWatching<Record> {
    readonly id: string;
    /** The last state read. */
    readonly record: Record;
    /** Read the transfer's state again. */
    update(options?: SignalOption): Promise<Record>;
    /** Wait until it is SUCCEEDED, FAILED or CANCELED (read every `interval`): its last state. */
    complete(options?: TransferWaitOptions): Promise<Record>;
}
type Json = Record<string, unknown>;
/** A Unix group as the runtime builds it: the facility's fields, `members`, and the methods its operations allow. */
export type GroupHandle = Json & GroupMembers<unknown> & Partial<GroupUpdating & GroupChanging>;
/** A project as the runtime builds it: the facility's fields, and `createGroup` when the API has it. */
export type ProjectHandle = Json & Partial<GroupCreating<GroupHandle>>;
/** A user as the runtime builds it: the facility's fields, and the readings the API has. */
export type UserHandle = Json & Partial<UserReading<GroupHandle, ProjectHandle, unknown, unknown>>;
/**
 * The client's own helpers as the runtime builds them: the pieces the generated types pick their members from (so the
 * helpers are checked against what those types promise), each present when the description has its operations. The
 * generated types narrow them further, by color and by the description's answer types.
 */
export type AccountHelpers = Partial<UserFinding<UserHandle> & GroupFinding<GroupHandle>> & {
    resources?: Partial<ResourceStatus<unknown> & ResourceNotes<unknown> & ResourceOutages<unknown> & ResourcePlannedOutages<unknown>>;
    api?: Partial<ApiChangelog<unknown> & ApiConfig>;
    globus?: Partial<TransferStarting<TransferWatching<unknown>> & TransferFinding<TransferWatching<unknown>>>;
};
/** `user`, `group`, `resources`, `api` and `globus`, for the roles the description has. */
export declare function accountHelpers(deps: AccountDeps): AccountHelpers;
export {};

// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/**
 * The sfapi-gen runtime, copied (compiled) into every generated client's `runtime/` folder. The generated `index.js`
 * calls `createScopedClient(spec, options, [clientHelpers(...)])` with its own operation table and ladder (`core.js`
 * without the helpers; `clientHelpers` is imported from workflow.js, which only a client with helpers carries), and
 * re-exports to consumers only the errors and the option and result types; the rest stays internal to the client.
 *
 * @module runtime
 */
export type { ApiChangelog, ApiConfig, GroupChanging, GroupCreating, GroupFinding, GroupMembers, GroupUpdating, ResourceNotes, ResourceOutages, ResourcePlannedOutages, ResourceStatus, TransferFinding, TransferStart, TransferStarting, TransferWaitOptions, TransferWatching, UserFinding, UserReading, } from "./account.js";
export type { CallRetryOptions } from "./call-retry.js";
export type { ClientAddOn, ClientParts, ClientSpec, RuntimeClient } from "./client.js";
export { createScopedClient } from "./client.js";
export type { Clock } from "./clock.js";
export * from "./errors.js";
export { type Grants, grants } from "./grants.js";
export type { JobRow, WatchOptions } from "./jobs.js";
export { readKeyFileText } from "./key-file.js";
export { type KeyTokens, keyTokens } from "./key-tokens.js";
export type { CryptoKeyLike, Jwk, KeyFileReader, KeyFileText, KeyObjectLike, PrivateKeyInput } from "./keys.js";
export type { Observers, PollEvent, RetryEvent, TokenEvent } from "./observe.js";
export { type AccessTokens, accessTokens, type ClientOptions, type GrantClientOptions, type TokenSourceOptions, } from "./options.js";
export { DEFAULT_BASE_URL, DEFAULT_TOKEN_URL } from "./protocol.js";
export { PUBLIC_ERRORS } from "./public-errors.js";
export type { EntryKind, OpenRefusal, PathDownloading, PathListing, PathParents, PathReadOpening, PathUploading, PathWriteOpening, RemoteFileReader, RemoteFileWriter, RemotePathBase, UploadToOptions, } from "./remote-path.js";
export type { OperationEntry, OperationTable } from "./table.js";
export type { TaskResult, TypedTask } from "./tasks.js";
export type { FetchLike, Logger } from "./token.js";
export type { AccessTokenInput } from "./token-provider.js";
export type { RetryOptions } from "./token-retry.js";
export type { Call, CallOptions, CallResult, ColorCheck, ColorMayCall, GrantClient, JsonValue, MissingScopes, NeedsColor, NeedsScopes, NotThisSignature, OperationsForColor, OptionalCall, PathMethod, PathsForColor, Refusals, ReRankedClient, ScopeCheck, TaskWaiting, UnknownColor, UnknownScope, WaitOptions, WithJsonText, } from "./types.js";
export type { CancelOptions, CommandRunning, Computing, DirectoryListing, DownloadOptions, ElementOf, FileDownloading, FileUploading, ItemsOf, JobCancelling, JobCancellingOnly, JobFinding, JobFindingById, JobQueryOptions, JobRecordOf, JobSubmitting, JobUpdating, JobWatching, ListOptions, MachineOutages, ScriptPath, SignalOption, TaskCancelling, TaskHandle, TaskStarting, WorkflowSpec, } from "./workflow.js";

/**
 * What a generated client re-exports from its runtime to consumers: the errors (values, for `instanceof` and `.is`)
 * and the option and result types. The rest of the runtime stays internal to the client folder.
 */
export { PUBLIC_ERRORS } from "../../templates/runtime/public-errors.js";

export const PUBLIC_TYPES = [
  "AccessTokenInput",
  "AccessTokens",
  "AnySfapiError",
  "CallOptions",
  "CallRetryOptions",
  "CallResult",
  "ClientOptions",
  "Clock",
  "FetchLike",
  "JsonValue",
  "Logger",
  "PollEvent",
  "PrivateKeyInput",
  "RemoteFileReader",
  "RemoteFileWriter",
  "RetryEvent",
  "RetryOptions",
  "ScriptPath",
  "SfapiErrorCode",
  "TaskResult",
  "TokenEvent",
  "TokenSourceOptions",
  "WaitOptions",
  "WatchOptions",
] as const;

/**
 * What a generated client re-exports from its runtime to consumers: the errors (values, for `instanceof` and `.is`)
 * and the option and result types. The rest of the runtime stays internal to the client folder.
 */
export const PUBLIC_ERRORS = [
  "ClientExpiredError",
  "ConfigError",
  "CredentialsError",
  "KeyError",
  "RedirectError",
  "ResponseError",
  "ScopeError",
  "SfapiError",
  "TaskError",
  "TokenError",
] as const;

export const PUBLIC_TYPES = [
  "CallOptions",
  "CallResult",
  "ClientOptions",
  "Clock",
  "FetchLike",
  "JsonValue",
  "Logger",
  "PrivateKeyInput",
  "RetryOptions",
  "SfapiErrorCode",
  "WaitOptions",
] as const;

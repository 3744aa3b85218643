/**
 * Errors the CLI turns into one readable line and a non-zero exit. Like the runtime's errors, each has a stable `code`
 * (branch on it, not on messages), `SfapiGenError.is(e)` narrows to `AnyGeneratorError` so `switch (e.code)` narrows
 * to the class, and `OptionError.is(e)` checks one kind. `where` names the source (file, URL, folder) and, for
 * description problems, the JSON pointer.
 */

/** The code of errors with no more specific class (a missing build, a folder without code to scan). */
const GENERATOR_CODE = "ERR_GENERATOR";

export class SfapiGenError extends Error {
  /** The class's code; each subclass writes its own, once. */
  static readonly code: SfapiGenErrorCode = GENERATOR_CODE;
  override readonly name: string = "SfapiGenError";
  /** Stable across versions: the class's static `code`. */
  readonly code: SfapiGenErrorCode;

  constructor(
    message: string,
    readonly where?: string,
  ) {
    super(where ? `${where}: ${message}` : message);
    this.code = new.target.code;
  }

  /** `SfapiGenError.is(e)`: any generator error, as the union; `OptionError.is(e)`: that class (same `code`). */
  static is<T extends SfapiGenError>(
    this: { prototype: T; readonly code: SfapiGenErrorCode },
    value: unknown,
  ): value is SfapiGenError extends T ? AnyGeneratorError : T {
    if (!(value instanceof SfapiGenError)) return false;
    return this === (SfapiGenError as unknown) || value.code === this.code;
  }
}

/** A description that cannot be read, parsed, bundled or validated. */
export class DescriptionError extends SfapiGenError {
  static override readonly code = "ERR_DESCRIPTION";
  override readonly name = "DescriptionError";
  constructor(
    readonly source: string,
    readonly detail: string,
    readonly pointer?: string,
  ) {
    super(pointer ? `${detail} (at ${pointer})` : detail, source);
  }
}

/** Options that contradict each other or the description (e.g. two scope fields, --strict offenders). */
export class OptionError extends SfapiGenError {
  static override readonly code = "ERR_OPTION";
  override readonly name = "OptionError";
}

/** An output folder that is not ours to replace (a file, a link, a foreign folder, home, root), or a failed write. */
export class OutputError extends SfapiGenError {
  static override readonly code = "ERR_OUTPUT";
  override readonly name = "OutputError";
}

/** A generated client folder whose `manifest.json` is missing, unreadable or not one sfapi-gen wrote. */
export class ManifestError extends SfapiGenError {
  static override readonly code = "ERR_MANIFEST";
  override readonly name = "ManifestError";
}

/**
 * A gate asked to fail did: `generate --check` found the output out of date, `diff --fail-on` found changes, `audit
 * --strict` found unranked operations. The CLI exits 1 for it, where a failure to run is 2 (as diff(1), grep, ESLint).
 */
export class CheckFailedError extends SfapiGenError {
  static override readonly code = "ERR_CHECK_FAILED";
  override readonly name = "CheckFailedError";
}

/**
 * The one list of the generator's error classes (the base aside): `SfapiGenErrorCode` and `AnyGeneratorError` are
 * computed from it, so a new class joins here and nowhere else.
 */
export const GENERATOR_ERRORS: {
  readonly DescriptionError: typeof DescriptionError;
  readonly OptionError: typeof OptionError;
  readonly OutputError: typeof OutputError;
  readonly ManifestError: typeof ManifestError;
  readonly CheckFailedError: typeof CheckFailedError;
} = {
  DescriptionError,
  OptionError,
  OutputError,
  ManifestError,
  CheckFailedError,
};

/** Every generator error's code, one per class. */
export type SfapiGenErrorCode =
  | typeof GENERATOR_CODE
  | (typeof GENERATOR_ERRORS)[keyof typeof GENERATOR_ERRORS]["code"];

/** Every generator error, discriminated by `code`. */
export type AnyGeneratorError =
  | Coded<typeof SfapiGenError, typeof GENERATOR_CODE>
  | { [Name in keyof typeof GENERATOR_ERRORS]: Coded<(typeof GENERATOR_ERRORS)[Name]> }[keyof typeof GENERATOR_ERRORS];

/** An error class's instances with `code` narrowed to the class's own (`OptionError` -> `"ERR_OPTION"`). */
type Coded<
  C extends { prototype: SfapiGenError; readonly code: SfapiGenErrorCode },
  Code = C["code"],
> = C["prototype"] & {
  readonly code: Code;
};

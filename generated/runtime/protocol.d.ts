// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/**
 * The facility's protocol as the runtime speaks it, in one place: the generator (default base URL, the task operation
 * `waitForTask` polls) and the local facility (the token endpoint) import these rather than spell them again.
 */
/** RFC 7523 §2.2: the `client_assertion_type` of a private-key JWT client assertion. */
export declare const CLIENT_ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";
/** Token requests, and the command, job and transfer operations, send this form encoding. */
export declare const FORM_MEDIA_TYPE = "application/x-www-form-urlencoded";
export declare const MULTIPART_MEDIA_TYPE = "multipart/form-data";
/** Where a client sends calls (and so tokens) unless its description or its options name another https URL. */
export declare const DEFAULT_BASE_URL = "https://api.nersc.gov/api/v1.2";
export declare const DEFAULT_TOKEN_URL = "https://oidc.nersc.gov/c2id/token";
/** The operation that reads one task: `waitForTask` polls it, `needs` counts a `waitForTask` call as one. */
export declare const TASK_PATH = "/tasks/{id}";

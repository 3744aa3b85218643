// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
/**
 * PUBLIC_ERRORS, the error classes a generated client exports, in a module of its own: a client's runtime ships
 * minified (bin/build.mjs), which drops a pure-call annotation, so a list computed in errors.ts would keep every error
 * class in a bundle that reads none of them. Here, unread, the whole module drops out (the client is side-effect free).
 */
import { SFAPI_ERRORS } from "./errors.js";
/** The error classes a generated client exports to its users (by name, sorted), for `instanceof` and `.is`. */
export declare const PUBLIC_ERRORS: readonly ("SfapiError" | keyof typeof SFAPI_ERRORS)[];

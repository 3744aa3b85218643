// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
import { SFAPI_ERRORS } from "./errors.js";
const PUBLIC_ERRORS = Object.freeze(["SfapiError", ...Object.keys(SFAPI_ERRORS)].sort());
export {
  PUBLIC_ERRORS
};

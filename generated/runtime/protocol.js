// Copied by sfapi-gen from its runtime. Do not edit: regenerate with `npx sfapi-gen generate`.
const CLIENT_ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";
const FORM_MEDIA_TYPE = "application/x-www-form-urlencoded";
const MULTIPART_MEDIA_TYPE = "multipart/form-data";
const DEFAULT_BASE_URL = "https://api.nersc.gov/api/v1.2";
const DEFAULT_TOKEN_URL = "https://oidc.nersc.gov/c2id/token";
const TASK_PATH = "/tasks/{id}";
export {
  CLIENT_ASSERTION_TYPE,
  DEFAULT_BASE_URL,
  DEFAULT_TOKEN_URL,
  FORM_MEDIA_TYPE,
  MULTIPART_MEDIA_TYPE,
  TASK_PATH
};

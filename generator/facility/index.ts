/**
 * The local facility: a real HTTP server speaking the facility's token and color rules, for tests and `sfapi-gen mock`.
 *
 * @module sfapi-gen/facility
 */

export type { AuthorizationForms } from "./api.js";
export { type ClientFileUrls, writeClientFiles } from "./client-files.js";
export type { ClientRegistration, RegisteredClient } from "./clients.js";
export type { CreatedClient, Facility, FacilityOptions } from "./facility.js";
export { DEFAULT_BASE_PATH, startFacility } from "./facility.js";
export type { FaultRule, FaultStatus, ScriptedReply, TokenCall, TokenHooks } from "./faults.js";
export { FAULT_STATUSES, type Faults } from "./faults.js";
export type { Reply } from "./http.js";
export type { IpRanges } from "./ip-ranges.js";
export type { RequestLogEntry } from "./server.js";
export type { OutageEntry, OutageRule, OutageState, Outages, SystemNote, SystemStatus } from "./systems.js";
export { OUTAGE_STATES, outagesFromJson, SYSTEM_NAMES } from "./systems.js";
export { CLOCK_TOLERANCE_S, GRANT_TYPE, JWT_BEARER, MAX_ASSERTION_LIFETIME_S } from "./token-endpoint.js";

/**
 * The one facility user every client of the local facility acts for (at the facility a client belongs to its user),
 * with the project and home directory its canned answers name. Made up, in the facility's shapes.
 */
export const MOCK_USER = {
  name: "mockuser",
  uid: 12345,
  firstname: "Mock",
  lastname: "User",
  email: "mockuser@example.org",
  /** The user's project (NERSC project names are `m` and digits) and the Unix group of the same name. */
  project: "m1234",
  projectId: 51234,
  groupId: 61234,
  home: "/global/homes/m/mockuser",
} as const;

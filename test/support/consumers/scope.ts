/**
 * A consumer of clients of OAuth2 scopes (Spotify's and Petstore's descriptions in test/fixtures/oauth2, generated
 * under the security policy) that makes, one per line, calls a literal grant refuses and calls it allows, and what the
 * compiler must say about each: the scopes the call lacks (`NeedsScopes<"createPlaylist", "playlist-modify-private,
 * playlist-modify-public">`), a misspelt path, a scope the API does not name. TypeScript 5.9 lists every overload's
 * error, 7 only the last one's: each line's message must hold its needles under both. Compiled by
 * test/generator/emit/grant-client.test.ts (5.9) and by the pack test (5.9 and the newest).
 */
import type { RefusalCase } from "./refusal.js";

const PLAYLIST = '{ body: { name: "mix" } }';

export const SCOPE_REFUSALS: Record<string, RefusalCase> = {
  byName: {
    code: `await reader.createPlaylist(${PLAYLIST});`,
    needles: ['NeedsScopes<"createPlaylist", "playlist-modify-private, playlist-modify-public">'],
  },
  byNameSafe: {
    code: "await reader.getUsersTopArtists.safe();",
    needles: ['NeedsScopes<"getUsersTopArtists", "user-top-read">'],
  },
  // A set of two, one of them granted: only the other is named.
  byNamePartly: {
    code: "await reader.getCurrentUsersProfile();",
    needles: ['NeedsScopes<"getCurrentUsersProfile", "user-read-email">'],
  },
  pathStyle: {
    code: `await reader.POST("/me/playlists", ${PLAYLIST});`,
    needles: ['NeedsScopes<"POST /me/playlists", "playlist-modify-private, playlist-modify-public">'],
  },
  pathStyleNoInit: {
    code: 'await reader.GET("/me/following");',
    needles: ['NeedsScopes<"GET /me/following", "user-follow-read">'],
  },
  // An empty grant: only operations that need a token and no scope (and public ones).
  emptyGrant: {
    code: "await none.getAListOfCurrentUsersPlaylists();",
    needles: ['NeedsScopes<"getAListOfCurrentUsersPlaylists", "playlist-read-private">'],
  },
  petstoreByName: {
    code: "await petReader.deletePet({ path: { petId: 1 } });",
    needles: ['NeedsScopes<"deletePet", "write:pets">'],
  },
  petstorePath: {
    code: 'await petReader.POST("/pet", { body: { name: "rex", photoUrls: [] } });',
    needles: ['NeedsScopes<"POST /pet", "write:pets">'],
  },
  misspeltPath: { code: 'await reader.GET("/me/playlist");', needles: ['NoSuchPath<"GET /me/playlist">'] },
  // A path the grant may call, by a method it does not have (openapi-typescript writes `put?: never`): no such path.
  absentMethod: { code: 'await reader.PUT("/me/playlists");', needles: ['NoSuchPath<"PUT /me/playlists">'] },
  // A path the grant may call, with a wrong parameter: the parameter is what is wrong.
  wrongOptions: {
    code: 'await reader.GET("/me/playlists", { params: { query: { limitx: 1 } } });',
    needles: ["'limitx' does not exist"],
  },
  unknownScope: {
    code: 'createSpotify({ scopes: ["user-read-privat"], accessToken: "t" });',
    needles: ['UnknownScope<"user-read-privat">'],
  },
  // A grant of known scopes with a wrong option: the option is what is wrong.
  wrongOption: {
    code: 'createSpotify({ scopes: ["user-read-private"], baseUrl: 1 });',
    needles: ["'number' is not assignable"],
  },
  // What each grant may do still compiles; a grant typed string[] may write everything (the guard decides).
  allowed: {
    code:
      'await reader.getAListOfCurrentUsersPlaylists(); await reader.GET("/me/playlists", { params: { query: ' +
      '{ limit: 1 } } }); await none.getAnAlbum({ path: { id: "1" } }); await none.GET("/albums/{id}", ' +
      '{ params: { path: { id: "1" } } }); await wide.createPlaylist(' +
      `${PLAYLIST}); await wide.POST("/me/playlists", ${PLAYLIST}); await petWriter.findPetsByStatus({ query: ` +
      '{ status: "available" } }); await petReader.getPetById({ path: { petId: 1 } }); ' +
      "await petWriter.deletePet({ path: { petId: 1 } }); await petReader.loginUser();",
    needles: [],
  },
};

/** The consumer's source, importing the two clients; `lines` maps each case to its 1-based line. */
export function scopeConsumer(spotify: string, petstore: string): { source: string; lines: Map<number, string> } {
  const head = [
    `import { createClient as createSpotify } from ${JSON.stringify(spotify)};`,
    `import { createClient as createPetstore } from ${JSON.stringify(petstore)};`,
    'const reader = createSpotify({ scopes: ["user-read-private", "playlist-read-private"], accessToken: "t" });',
    'const none = createSpotify({ scopes: [], accessToken: "t" });',
    'const granted: string[] = ["playlist-modify-private"];',
    'const wide = createSpotify({ scopes: granted, accessToken: "t" });',
    'const petReader = createPetstore({ scopes: ["read:pets"], accessToken: "t" });',
    'const petWriter = createPetstore({ scopes: ["write:pets", "read:pets"], accessToken: "t" });',
    "export async function calls(): Promise<void> {",
  ];
  const lines = new Map<number, string>();
  const body = Object.entries(SCOPE_REFUSALS).map(([name, c], i) => {
    lines.set(head.length + i + 1, name);
    return `  ${c.code}`;
  });
  return { source: [...head, ...body, "}", ""].join("\n"), lines };
}

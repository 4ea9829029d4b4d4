/**
 * What the layout needs to know about who is looking. The sign-in work (issue #3) supplies it
 * from the session; until then every visitor is signed out.
 */
export interface Viewer {
  signedIn: boolean;
  isAdmin: boolean;
}

export const VISITOR: Viewer = { signedIn: false, isAdmin: false };

/**
 * What the public layout needs to know about who is looking, derived from useAuth().
 * Prerendered pages render the visitor state; the signed-in state follows once known.
 */
export interface Viewer {
  signedIn: boolean;
  isAdmin: boolean;
}

export const VISITOR: Viewer = { signedIn: false, isAdmin: false };

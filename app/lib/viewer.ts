/**
 * What the public layout needs to know about who is looking, derived from useAuth().
 * Prerendered pages render the visitor state; the signed-in state follows once known.
 */
export interface Viewer {
  signedIn: boolean;
  isAdmin: boolean;
  /** An editor or an administrator: the Admin menu shows (with an editor's entries only, for an editor). */
  isEditor: boolean;
  /** Works leads (staff without the editor role, administrators): the Admin menu shows Leads. */
  canWorkLeads: boolean;
}

export const VISITOR: Viewer = { signedIn: false, isAdmin: false, isEditor: false, canWorkLeads: false };

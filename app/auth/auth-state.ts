/** The shape of the client's auth state (docs/requirements/accounts.md#auth-state), apart from the provider that keeps it. */
export interface AuthUser {
  id: string;
  email: string;
}

export interface Snapshot {
  user: AuthUser | null;
  session: { expiresAt: string } | null;
  isAdmin: boolean;
  /** Can edit content (the blog, the content studio): an editor or an administrator (docs/requirements/accounts.md#roles). */
  isEditor: boolean;
  isSuperAdmin: boolean;
  /** Works leads: staff without the editor role, and administrators (docs/requirements/accounts.md#roles). */
  canWorkLeads: boolean;
}

export interface AuthState extends Snapshot {
  loading: boolean;
  signIn: (email: string, password: string) => Promise<{ error: string | null }>;
  signOut: () => Promise<void>;
  /** Re-reads the session from the server. */
  refresh: () => Promise<void>;
}

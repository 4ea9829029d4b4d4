import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";

import { loginPath } from "~/auth/redirect";

import { useAuth } from "./auth-context";

/**
 * For protected pages: when the user signs out here or in another tab (the state goes from a user
 * to none), leave for sign-in, which brings them back here afterwards.
 */
export function useLeaveWhenSignedOut(): void {
  const { user } = useAuth();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const hadUser = useRef(false);
  useEffect(() => {
    if (user) hadUser.current = true;
    else if (hadUser.current) void navigate(loginPath(`${pathname}${search}`), { replace: true });
  }, [user, navigate, pathname, search]);
}

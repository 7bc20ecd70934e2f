import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from './AuthProvider.js';

/**
 * Logout returns home (docs/product/signed-in.md §2): the returned function goes to '/', and the session ends only once home
 * is shown. Ended earlier, the page being left (a guard, the dashboard, /blog-admin) would send the visitor to
 * sign in first, since a navigation renders as a transition. "Home is shown" is seen in one of two ways:
 * - the caller stays mounted (the shell's header) and sees the path become '/';
 * - the caller is gone (a page's own Log out button): home replaced it.
 */
export function useLogoutToHome(): () => void {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [leaving, setLeaving] = useState(false);
  const leavingRef = useRef(false);
  const signOutRef = useRef(signOut);
  signOutRef.current = signOut;

  const endSession = useCallback(() => {
    if (!leavingRef.current) return;
    leavingRef.current = false;
    void signOutRef.current();
  }, []);

  useEffect(() => {
    if (!leaving || pathname !== '/') return;
    setLeaving(false);
    endSession();
  }, [leaving, pathname, endSession]);
  useEffect(() => endSession, [endSession]);

  return useCallback(() => {
    leavingRef.current = true;
    setLeaving(true);
    navigate('/');
  }, [navigate]);
}

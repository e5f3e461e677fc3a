import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { getLanguage, subscribeLanguage } from '../i18n/language';
import { getCurrentUser, subscribeCurrentUser, type CurrentUser } from '../providers/currentUser';
import { useSwitchLanguage } from '../account/useSwitchLanguage';
import { watchHeight } from './heightReports';
import { isFramed, loadParentOrigins, postToParent } from './parentWindow';
import { parentCommand, pathOf, type ConsoleMessage } from './protocol';

type Auth = { signedIn: boolean; role: string | null };
const authOf = (user: CurrentUser | null): Auth => ({ signedIn: !!user, role: user?.role ?? null });

/** `ready` goes once per page load, even if the bridge is mounted again (a rebuilt page). */
let announced = false;

/**
 * The console's side of the intranet protocol (docs/embedding.md). Framed by an allowed parent, it
 * says `ready` once the user is known, then `route`, `height`, `auth` and `language` as they
 * change, and follows the parent's `navigate` and `setLanguage`. Not framed, or framed by a
 * page FRAME_ANCESTORS does not name, it does nothing. Renders nothing.
 */
export const EmbeddingBridge = () => (isFramed() ? <FramedBridge /> : null);

/** The bridge proper, only in a frame: a console on its own asks nothing more than it did before. */
const FramedBridge = () => {
  const [origins, setOrigins] = useState<string[]>([]);
  const firstAuth = useRef<Auth>({ signedIn: false, role: null });
  const location = useLocation();
  const navigate = useNavigate();
  const switchLanguage = useSwitchLanguage();
  const ready = origins.length > 0;
  const send = useRef((message: ConsoleMessage) => postToParent(origins, message));
  send.current = (message: ConsoleMessage) => postToParent(origins, message);
  const path = pathOf(location);
  const pathRef = useRef(path);
  pathRef.current = path;

  // The allowed parents and who is signed in, then `ready`, once per page load.
  useEffect(() => {
    let stopped = false;
    void Promise.all([loadParentOrigins(), getCurrentUser().catch(() => null)]).then(([allowed, user]) => {
      if (stopped || allowed.length === 0) return;
      firstAuth.current = authOf(user);
      if (!announced) postToParent(allowed, { type: 'ready', path: pathRef.current, lang: getLanguage(), signedIn: !!user });
      announced = true;
      setOrigins(allowed);
    });
    return () => {
      stopped = true;
    };
  }, []);

  // Every navigation after `ready` (which carried the first path).
  const sentPath = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!ready) return;
    if (sentPath.current !== undefined && sentPath.current !== path) send.current({ type: 'route', path });
    sentPath.current = path;
  }, [ready, path]);

  // Sign-in and sign-out (a session that ended counts), and language changes.
  useEffect(() => {
    if (!ready) return;
    let last = firstAuth.current;
    const stopUser = subscribeCurrentUser((user) => {
      const now = authOf(user);
      if (last.signedIn === now.signedIn && last.role === now.role) return;
      last = now;
      send.current({ type: 'auth', ...now });
    });
    let language = getLanguage();
    const stopLanguage = subscribeLanguage(() => {
      if (getLanguage() === language) return;
      language = getLanguage();
      send.current({ type: 'language', lang: language });
    });
    const stopHeight = watchHeight((height) => send.current({ type: 'height', height }));
    return () => {
      stopUser();
      stopLanguage();
      stopHeight();
    };
  }, [ready]);

  // The parent's commands: from the parent window, under an allowed origin, well formed; else ignored.
  const switchRef = useRef(switchLanguage);
  switchRef.current = switchLanguage;
  useEffect(() => {
    if (!ready) return;
    const receive = (event: MessageEvent) => {
      if (event.source !== window.parent || !origins.includes(event.origin)) return;
      const command = parentCommand(event.data);
      if (command?.type === 'navigate') navigate(command.path);
      if (command?.type === 'setLanguage') void switchRef.current(command.lang);
    };
    window.addEventListener('message', receive);
    return () => window.removeEventListener('message', receive);
  }, [ready, origins, navigate]);

  return null;
};

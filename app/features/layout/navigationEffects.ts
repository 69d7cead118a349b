import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigation, useNavigationType } from 'react-router-dom';

import { timings } from './timings';

export { timings };

export function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** True once a navigation has been pending for longer than 200 ms. */
export function useSlowNavigation(delayMs: number = timings.overlayDelayMs): boolean {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!busy) {
      setSlow(false);
      return;
    }
    const timer = setTimeout(() => setSlow(true), delayMs);
    return () => clearTimeout(timer);
  }, [busy, delayMs]);
  return slow;
}

export type TransitionPhase = 'idle' | 'out' | 'in';

/**
 * Out-in page transitions: the page fades out (0.3 s) as soon as a navigation starts; the next
 * page is held invisible until the fade-out has run, then fades in (0.2 s). Reduced motion: none.
 */
export function usePageTransition(): TransitionPhase {
  const navigation = useNavigation();
  const location = useLocation();
  const [phase, setPhase] = useState<TransitionPhase>('idle');
  const outStartedAt = useRef<number | null>(null);
  const lastPath = useRef(location.pathname + location.search);
  const navigationType = useNavigationType();

  const leaving =
    navigation.state === 'loading' && navigation.location?.pathname !== location.pathname;
  useEffect(() => {
    if (!leaving || prefersReducedMotion()) return;
    outStartedAt.current = performance.now();
    setPhase('out');
  }, [leaving]);

  useEffect(() => {
    const path = location.pathname + location.search;
    if (path === lastPath.current) return;
    const samePage = path.split('?')[0] === lastPath.current.split('?')[0];
    lastPath.current = path;
    // Tidying the query string in place (e.g. removing ?wsm) is not a new page.
    if (samePage && navigationType === 'REPLACE') return;
    if (prefersReducedMotion()) {
      setPhase('idle');
      return;
    }
    const elapsed =
      outStartedAt.current === null ? timings.fadeOutMs : performance.now() - outStartedAt.current;
    const wait = Math.max(0, timings.fadeOutMs - elapsed);
    setPhase('out');
    const toIn = setTimeout(() => setPhase('in'), wait);
    const toIdle = setTimeout(() => {
      setPhase('idle');
      outStartedAt.current = null;
    }, wait + timings.fadeInMs);
    return () => {
      clearTimeout(toIn);
      clearTimeout(toIdle);
    };
    // Only a change of location starts a transition; the navigation type is read with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname, location.search]);

  return phase;
}

const SCROLL_KEY = 'fuelyard:scroll';

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * Scroll restoration after a 500 ms delay (SPEC §2), so it happens once the new page has faded
 * in: back/forward returns to the saved position, a new navigation goes to the top (or the hash).
 */
export function useDelayedScrollRestoration(delayMs: number = timings.scrollRestoreDelayMs): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const first = useRef(true);
  const lastPathname = useRef(location.pathname);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);

  useEffect(() => {
    const key = location.key;
    const save = () => {
      const positions = readPositions();
      positions[key] = window.scrollY;
      sessionStorage.setItem(SCROLL_KEY, JSON.stringify(positions));
    };
    window.addEventListener('pagehide', save);
    return () => {
      save();
      window.removeEventListener('pagehide', save);
    };
  }, [location.key]);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const samePage = lastPathname.current === location.pathname;
    lastPathname.current = location.pathname;
    // A replace on the same page (a tidied query string) keeps the reader where they are.
    if (samePage && navigationType === 'REPLACE') return;
    const timer = setTimeout(
      () => {
        const saved = readPositions()[location.key];
        if (navigationType === 'POP' && saved !== undefined) {
          window.scrollTo(0, saved);
        } else if (location.hash) {
          document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
        } else {
          window.scrollTo(0, 0);
        }
      },
      prefersReducedMotion() ? 0 : delayMs,
    );
    return () => clearTimeout(timer);
  }, [location.key, location.hash, location.pathname, navigationType, delayMs]);
}

const CHUNK_RELOAD_KEY = 'fuelyard:chunk-reload';
const CHUNK_ERROR =
  /dynamically imported module|Importing a module script failed|module script|ChunkLoadError|preload/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(error.message);
}

/**
 * A failed chunk load (a new deployment removed the old files) reloads the page once. A second
 * failure within a minute shows the error page instead of looping.
 */
export function reloadOnceForChunkError(error: unknown): boolean {
  if (typeof window === 'undefined' || !isChunkLoadError(error)) return false;
  const last = Number(sessionStorage.getItem(CHUNK_RELOAD_KEY) ?? 0);
  if (Date.now() - last < 60_000) return false;
  sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
  window.location.reload();
  return true;
}

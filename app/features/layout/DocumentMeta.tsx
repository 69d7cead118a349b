import { useEffect, useLayoutEffect } from 'react';
import { useMatches } from 'react-router-dom';
import { resolveMeta } from '../../meta';

const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Keeps <title> and the meta description in step with client-side navigation. The layout's copy
 * runs as a layout effect and an error boundary's copy (with `error`) as a passive effect, which
 * React runs later, so the error page's title wins.
 */
export function DocumentMeta({ error }: { error?: unknown }) {
  const matches = useMatches();
  const meta = resolveMeta(matches, error);
  const useApply = error === undefined ? useIsomorphicLayoutEffect : useEffect;
  useApply(() => {
    document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
  }, [meta.title, meta.description]);
  return null;
}

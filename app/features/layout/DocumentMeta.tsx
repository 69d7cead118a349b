import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';
import { resolveMeta } from '../../meta';

/** Keeps <title> and the meta description in step with client-side navigation. */
export function DocumentMeta({ error }: { error?: unknown }) {
  const matches = useMatches();
  const meta = resolveMeta(matches, error);
  useEffect(() => {
    document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
  }, [meta.title, meta.description]);
  return null;
}

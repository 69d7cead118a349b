import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * Takes `token` out of the address once the page has kept it (out of the history, shared links and
 * Referer headers). The address is replaced, not pushed.
 */
export function useTokenOutOfAddress(urlToken: string | null) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!urlToken) return;
    const search = new URLSearchParams(location.search);
    search.delete('token');
    const rest = search.toString();
    void navigate(
      { pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
    // Once, for the address the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlToken]);
}

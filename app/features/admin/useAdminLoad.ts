import { useCallback, useEffect, useRef, useState } from 'react';
import { AdminApiError, errorMessage } from './adminApi';

export interface AdminLoad<T> {
  /** The answer for the current key (or the last one, with `keepPrevious`), else null. */
  data: T | null;
  /** True while a request is under way. */
  loading: boolean;
  /** The API's message when the last request failed. */
  error: string | null;
  /** The failed request's HTTP status (0 when the API was not reached). */
  errorStatus: number | null;
  /** Loads again. */
  reload: () => void;
  /** Replaces the data with a write's answer. */
  setData: (data: T) => void;
}

/**
 * Loads a page's data in the browser (the server renders "Loading..."), again whenever `key`
 * changes (a new id, page or filter), and aborts a request that is no longer wanted. Lists pass
 * `keepPrevious`, so the table keeps its rows (marked busy) while the next page loads.
 */
export function useAdminLoad<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
  { keepPrevious = false }: { keepPrevious?: boolean } = {},
): AdminLoad<T> {
  const [stored, setStored] = useState<{ key: string; value: T } | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<{ message: string; status: number } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setError(null);
    latest.current(controller.signal).then(
      (value) => {
        if (controller.signal.aborted) return;
        setStored({ key, value });
        setLoading(false);
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setError({
          message: errorMessage(failure),
          status: failure instanceof AdminApiError ? failure.status : 0,
        });
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const setData = useCallback(
    (value: T) => {
      setStored({ key, value });
      setError(null);
    },
    [key],
  );
  const data = stored && (keepPrevious || stored.key === key) ? stored.value : null;
  return {
    data,
    loading,
    error: error?.message ?? null,
    errorStatus: error?.status ?? null,
    reload,
    setData,
  };
}

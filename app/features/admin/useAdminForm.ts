import { useState, type FormEvent } from 'react';
import { AdminApiError, errorMessage } from './adminApi';
import type { Checked, FieldErrors } from './forms';
import { adminPageTexts } from './texts';

export interface AdminFormOptions<V, T> {
  initial: V | (() => V);
  /** The shared yup rules, as a check of the typed values (forms.ts). */
  check: (values: V) => Checked<T>;
  /** Sends the checked value; throws the API's refusal (an AdminApiError) to show. */
  send: (value: T) => Promise<void>;
  /** The form's field for a field the API names (default: the same name). */
  fieldOf?: (path: string) => string;
}

/**
 * The state every back-office form shares: its typed values, each field's message, the form's
 * message and whether it is sending. Submitting checks the values with the same rules as the API
 * first; a refusal from the API shows its message, and its field messages on the fields.
 */
export function useAdminForm<V extends object, T>({
  initial,
  check,
  send,
  fieldOf = (path) => path,
}: AdminFormOptions<V, T>) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Changes some values; their fields' messages go. */
  const update = (patch: Partial<V>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([key]) => !(key in patch))),
    );
  };

  /** A field's validation state and message, for a ui field's props. */
  const status = (name: keyof V & string) => ({
    validationState: errors[name] ? ('danger' as const) : ('neutral' as const),
    errorMessage: errors[name],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const checked = check(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      setFormError(adminPageTexts.checkFields);
      return;
    }
    setBusy(true);
    try {
      await send(checked.value);
    } catch (failure) {
      setFormError(errorMessage(failure));
      if (failure instanceof AdminApiError) {
        const fieldErrors: FieldErrors = {};
        for (const [path, message] of Object.entries(failure.fieldErrors)) {
          fieldErrors[fieldOf(path)] ??= message;
        }
        setErrors(fieldErrors);
      }
    } finally {
      setBusy(false);
    }
  };

  return { values, update, status, formError, busy, submit };
}

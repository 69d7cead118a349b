import type { Toaster } from '../../../ui';

/**
 * Red notices about a form's fields close once the field is put right: each notice shown for a
 * message that `problemsNow` gave at the time stays only while `problemsNow` still gives it. A
 * notice about something else (the server refused, the network failed) is left to its timer.
 */
export interface FieldNotices {
  /** Shows `texts` as danger notices, replacing the set shown before; returns their keys. */
  show(texts: readonly string[], variant: 'danger' | 'success'): string[];
  /** Call after every change of the form: closes the notices whose problem has gone. */
  update(): void;
  /** Closes every notice this form showed. */
  closeAll(): void;
}

export function fieldNotices(toaster: Toaster, problemsNow: () => readonly string[]): FieldNotices {
  let shown: string[] = [];
  /** The notices about a field's problem, by message. */
  let fixable = new Map<string, string>();
  const closeAll = () => {
    for (const key of shown) toaster.close(key);
    shown = [];
    fixable = new Map();
  };
  return {
    show(texts, variant) {
      closeAll();
      const problems = new Set(problemsNow());
      // The newest toast shows on top: add the last message first, so they read in form order.
      shown = [...texts].reverse().map((text) => {
        const key = toaster[variant](text);
        if (variant === 'danger' && problems.has(text)) fixable.set(text, key);
        return key;
      });
      return shown;
    },
    update() {
      if (fixable.size === 0) return;
      const problems = new Set(problemsNow());
      for (const [text, key] of fixable) {
        if (problems.has(text)) continue;
        toaster.close(key);
        fixable.delete(text);
      }
    },
    closeAll,
  };
}

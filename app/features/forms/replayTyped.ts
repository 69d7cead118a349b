/*
 * What a visitor types before the page's script has hydrated its form is in the DOM only: React
 * adopts the server's fields as they are at hydration (it never overwrites a typed value then),
 * but the form's state still holds the server's value, so the next render would put that back
 * and the typing would be lost. So once each field is hydrated, a difference between what it
 * shows and the value its component gave it is replayed as the input event React listens to:
 * the form's state (its machine) gets the text as if it had been typed just then.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Input types whose value a visitor types or picks (not buttons, files or hidden fields). */
const typedInputs = new Set([
  '',
  'text',
  'email',
  'tel',
  'search',
  'url',
  'number',
  'password',
  'date',
]);

function isTypedField(element: Element): element is Field {
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  return element instanceof HTMLInputElement && typedInputs.has(element.type);
}

/** React's props of a hydrated element (a private field; undefined before hydration). */
function reactProps(element: Element): { value?: unknown } | undefined {
  const key = Object.keys(element).find((name) => name.startsWith('__reactProps$'));
  // React keeps the props under a generated key; only `value` is read.
  return key ? ((element as unknown as Record<string, { value?: unknown }>)[key] ?? {}) : undefined;
}

/** The value setter of the element's own class, which React's change tracking does not see. */
function nativeSetter(field: Field): ((value: string) => void) | undefined {
  const descriptor = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value');
  return descriptor?.set?.bind(field);
}

function replay(field: Field, value: string): void {
  if (field instanceof HTMLSelectElement) {
    field.value = value;
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  // React's tracker notes a value set through the element; the class's own setter it does not:
  // so React sees the typed text as a change, and calls the field's onChange with it.
  field.value = '';
  nativeSetter(field)?.(value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The value a field had in the server's HTML (its attribute, or its selected option). */
function serverValue(field: Field): string {
  if (field instanceof HTMLSelectElement) {
    const chosen = [...field.options].find((option) => option.defaultSelected) ?? field.options[0];
    return chosen?.value ?? '';
  }
  return field.defaultValue;
}

/** The fields under `root` whose value differs from the server's HTML: typing, noted before hydrating. */
export function noteTyping(root: ParentNode): Map<Element, string> {
  const typed = new Map<Element, string>();
  for (const element of root.querySelectorAll('input, textarea, select')) {
    if (isTypedField(element) && element.value !== serverValue(element)) {
      typed.set(element, element.value);
    }
  }
  return typed;
}

/**
 * Once each field under `root` has hydrated, puts back what the visitor typed before its code
 * arrived: the typing noted before hydration (`typed`, from `noteTyping`), which hydration's
 * first renders may have overwritten with the form's own value, or a difference between what the
 * field shows and the value its component gave it (typing since the note). Checks each animation
 * frame until the page is marked hydrated (`<html data-hydrated>`, deferred islands included) or
 * `timeoutMs` has passed.
 *
 * A field has React's props from the moment hydration renders it, which may be frames before that
 * render is committed: an input event sent then reaches no handler. So a noted field of a
 * controlled input is replayed again, each frame, for as long as its component still holds the
 * server's value, until the component has taken the typing; a value that is neither (the visitor
 * typing on in the hydrated form) ends it.
 */
export function replayTyping(
  root: ParentNode,
  typed: ReadonlyMap<Element, string> = new Map(),
  timeoutMs = 15_000,
): void {
  const settled = new WeakSet<Element>();
  const started = performance.now();
  const step = () => {
    for (const element of root.querySelectorAll('input, textarea, select')) {
      if (!isTypedField(element) || settled.has(element)) continue;
      const props = reactProps(element);
      if (props === undefined) continue;
      const given = props.value;
      const controlled = typeof given === 'string' || typeof given === 'number';
      const noted = typed.get(element);
      if (noted !== undefined && controlled) {
        const held = String(given);
        if (held === noted || held !== serverValue(element)) settled.add(element);
        else replay(element, noted);
        continue;
      }
      settled.add(element);
      const value = noted ?? element.value;
      if (controlled ? String(given) !== value : element.value !== value) replay(element, value);
    }
    const done = document.documentElement.dataset.hydrated === 'true';
    if (!done && performance.now() - started < timeoutMs) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

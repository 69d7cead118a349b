/**
 * Forced interaction states, for static previews of the design system.
 *
 * Components style their states through the data attributes react-aria sets while a person
 * hovers, presses or focuses them (`[data-hovered]`, `[data-pressed]`, `[data-focus-visible]`,
 * `[data-focused]`), or through the browser's own pseudo-classes (`:hover`, `:active`,
 * `:focus-visible`) on the few plain elements. A picture of every state side by side (the "All"
 * matrices in Storybook and their visual baselines) cannot wait for a pointer, so each state
 * selector also matches inside an element carrying `data-preview-state`:
 *
 * ```tsx
 * <td data-preview-state="hovered"><Button>Order Online</Button></td>
 * ```
 *
 * shows the button exactly as a hovered one looks, with the same rules. The attribute holds one or
 * more space-separated `PreviewState`s and applies to everything inside it. Only the story
 * helper in ui/docs sets it; nothing in the site ever renders it, so for real users the rules
 * match exactly what they matched before (and with the same specificity: `:is()` counts as its
 * most specific argument, one attribute or pseudo-class either way). Nothing changes behaviour:
 * a previewed control is still a normal control.
 *
 * Use the constants as a compound selector after `&`:
 * `&${hovered} { ... }`, `&[data-variant='secondary']${pressed} { ... }`.
 */

/** The states a preview can force. `focus-visible` (keyboard focus) also counts as `focused`. */
export type PreviewState = 'hovered' | 'pressed' | 'focused' | 'focus-visible';

/** The attribute a preview wrapper sets, e.g. `data-preview-state="hovered"`. */
export const previewStateAttribute = 'data-preview-state';

/** `:is(<real selector>, [data-preview-state~='<state>'] *, ...)` */
function orPreview(selector: string, ...states: PreviewState[]): string {
  const previews = states.map((state) => `[${previewStateAttribute}~='${state}'] *`);
  return `:is(${[selector, ...previews].join(', ')})`;
}

/** react-aria's `[data-hovered]`, or inside a `hovered` preview. */
export const hovered = orPreview('[data-hovered]', 'hovered');
/** react-aria's `[data-pressed]`, or inside a `pressed` preview. */
export const pressed = orPreview('[data-pressed]', 'pressed');
/** react-aria's `[data-focus-visible]` (keyboard focus), or inside a `focus-visible` preview. */
export const focusVisible = orPreview('[data-focus-visible]', 'focus-visible');
/** react-aria's `[data-focused]` (any focus), or inside a `focused` or `focus-visible` preview. */
export const focused = orPreview('[data-focused]', 'focused', 'focus-visible');

/** The same for plain elements styled with the browser's pseudo-classes. */
export const nativeStates = {
  hover: orPreview(':hover', 'hovered'),
  active: orPreview(':active', 'pressed'),
  focusVisible: orPreview(':focus-visible', 'focus-visible'),
} as const;

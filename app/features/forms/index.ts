export {
  IntentField,
  PageForm,
  useFormOutcome,
  useKeptValue,
  usePageAction,
  type PageFormProps,
} from './pageForm';
export { ServerNotices } from './ServerNotices';
export { fieldNotices, type FieldNotices } from './fixedNotices';
/**
 * The replay of typing from before hydration (replayTyped.ts), loaded on demand: the browser's
 * entry needs it only for a page whose server HTML has a field, and most have none.
 */
export const loadReplayTyping = () => import('./replayTyped');

export {
  IntentField,
  PageForm,
  ServerNotices,
  useFormOutcome,
  useKeptValue,
  usePageAction,
  type PageFormProps,
} from './pageForm';
export { replayTyping } from './replayTyped';

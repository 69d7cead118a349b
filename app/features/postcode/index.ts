/** The Set Postcode dialog (SPEC §2, §4): its machine, the dialog, and the site's wiring. */
export {
  postcodeMachine,
  validationStateOf,
  type PostcodeContext,
  type PostcodeEvent,
  type PostcodeMachine,
} from './postcodeMachine';
export { PostcodeModal, type PostcodeActorRef, type PostcodeModalProps } from './PostcodeModal';
export { SitePostcodeModal } from './SitePostcodeModal';

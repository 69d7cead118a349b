/**
 * The wholesale enquiry feature's public surface (SPEC §2 "Wholesale Enquiry modal", §4, §5).
 */
export {
  EnquiryForm,
  WholesaleEnquiryForm,
  useEnquiryNotifications,
  type EnquiryFormProps,
  type WholesaleEnquiryFormProps,
} from './EnquiryForm';
export {
  EnquiryContacts,
  WholesaleEnquiryModal,
  type WholesaleEnquiryModalProps,
} from './WholesaleEnquiryModal';
export { WholesaleEnquiryLink } from './WholesaleEnquiryLink';
export { WholesaleEnquiryModalFromUrl } from './WholesaleEnquiryModalFromUrl';
export {
  enquiryFormMachine,
  type EnquiryFormActor,
  type EnquiryFormMachine,
} from './enquiryFormMachine';
export { searchWithWsm, searchWithoutWsm, WSM_PARAM } from './wsm';

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
  WholesaleEnquiryLink,
  WholesaleEnquiryModal,
  WholesaleEnquiryModalFromUrl,
  type WholesaleEnquiryModalProps,
} from './WholesaleEnquiryModal';
export {
  enquiryFormMachine,
  type EnquiryFormActor,
  type EnquiryFormMachine,
} from './enquiryFormMachine';
export { searchWithWsm, searchWithoutWsm, WSM_PARAM } from './wsm';

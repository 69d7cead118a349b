export {
  EmailLink,
  PhoneLink,
  mailtoHref,
  telHref,
  type ContactPhone,
  type EmailLinkProps,
  type PhoneLinkProps,
} from './ContactLink';

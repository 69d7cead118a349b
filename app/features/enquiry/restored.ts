import { enquiryFields, type EnquiryInput } from '../../../api/domain/enquiry';
import { useFormOutcome } from '../forms';
import type { EnquiryFormInput } from './enquiryFormMachine';

/**
 * The enquiry form's `intent` (the hidden field of a form posted without JavaScript): the server's
 * form of the same name (api/ssr/forms/enquiry.ts) sends it to POST /api/enquiries.
 */
export const ENQUIRY_INTENT = 'enquiry';

/**
 * Where a form machine starts on the page the server rendered after refusing the enquiry (posted
 * without script): the values the visitor sent (never the honeypot), and, for a validation
 * refusal, each field's verdict as after pressing Send. On any other page: empty.
 */
export function useRestoredEnquiry(): EnquiryFormInput {
  const outcome = useFormOutcome(ENQUIRY_INTENT);
  if (!outcome) return {};
  const values: Partial<EnquiryInput> = {};
  for (const field of enquiryFields) {
    const value = outcome.values[field];
    if (value !== undefined) values[field] = value;
  }
  return { values, submitted: outcome.status === 400 };
}

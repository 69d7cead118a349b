import * as yup from 'yup';
import { isWellFormedEmail } from './enquiry';

/**
 * Inviting a colleague to the back office (issue 32, item 12): the rule of the invite form and
 * the texts of its answers, shared by the admin Staff page (instant feedback) and the API (the
 * authority). Pure: no Node, Koa or database.
 */

/** The longest e-mail address taken (RFC 5321's path limit less the brackets). */
export const staffEmailMaxLength = 254;

/** How long an e-mailed invitation link works: long enough to be read the next working day. */
export const staffInvitationTtlHours = 72;

/** Invitations one staff member may send in `staffInviteWindowSeconds` (each one is an e-mail). */
export const staffInviteLimit = 10;
export const staffInviteWindowSeconds = 60 * 60;

export const staffInviteTexts = {
  emailRequired: 'Enter the e-mail address of the colleague to invite.',
  emailFormat: 'Enter a valid e-mail address, such as anne@example.com.',
  alreadyStaff: (email: string) =>
    `${email} is already a member of staff, so nothing was sent. If they have forgotten their password, they can choose a new one with "Forgotten password" on the login page.`,
  invited: (email: string) =>
    `Invitation sent to ${email}. Its link works once, for ${staffInvitationTtlHours} hours.`,
  promoted: (email: string) =>
    `${email} had a customer account: it is now a staff account. Its sessions have ended and its old password no longer works; the invitation sent to ${email} sets a new one.`,
  reinvited: (email: string) =>
    `A new invitation was sent to ${email}; the link of the earlier one no longer works.`,
  tooMany: 'Too many invitations for now. Please wait a while and try again.',
} as const;

/** The invite form: one address, trimmed and lower-cased (accounts are kept lower-cased). */
export const staffInviteSchema = yup.object({
  email: yup
    .string()
    .transform((value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
    .typeError(staffInviteTexts.emailFormat)
    .required(staffInviteTexts.emailRequired)
    .max(staffEmailMaxLength, staffInviteTexts.emailFormat)
    .test('email', staffInviteTexts.emailFormat, (value) => isWellFormedEmail(value ?? '')),
});

export type StaffInviteForm = yup.InferType<typeof staffInviteSchema>;

/** A member of staff as the Staff page lists them. */
export interface AdminStaffMember {
  id: string;
  email: string;
  fullName: string;
  /** 'invited' until a password is set through an invitation (or `staff:create`'s) link. */
  status: 'active' | 'invited';
  createdAt: string;
}

/** What an invitation did: a new account, a customer promoted, or a pending invite sent again. */
export type StaffInviteOutcome = 'invited' | 'promoted' | 'reinvited';

/** The answer of POST /api/admin/staff. The link itself is only ever in the e-mail. */
export interface StaffInviteAnswer {
  code: 200 | 201;
  message: string;
  outcome: StaffInviteOutcome;
  member: AdminStaffMember;
}

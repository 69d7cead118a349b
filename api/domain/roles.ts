/**
 * User roles: `customer` (the default) and `staff` (the back office). Kept apart from the back
 * office's form rules (admin.ts, which bring yup) so that the shop's route table can check the
 * role without loading them.
 */
export const staffRole = 'staff';
export const customerRole = 'customer';

export function isStaff(user: { role: string } | null | undefined): boolean {
  return user?.role === staffRole;
}

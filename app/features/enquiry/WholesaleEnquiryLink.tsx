import type { ReactNode } from 'react';
import { useSiteLocation } from '../navigation';
import { Link } from '../../../ui';
import { searchWithWsm } from './wsm';

/** A link that opens the enquiry modal on the current page, keeping its other parameters. */
export function WholesaleEnquiryLink({ children }: { children: ReactNode }) {
  const location = useSiteLocation();
  return <Link href={`${location.pathname}${searchWithWsm(location.search)}`}>{children}</Link>;
}

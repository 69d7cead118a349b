import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Link } from '../../../ui';
import { searchWithWsm } from './wsm';

/** A link that opens the enquiry modal on the current page, keeping its other parameters. */
export function WholesaleEnquiryLink({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <Link href={`${location.pathname}${searchWithWsm(location.search)}`}>{children}</Link>;
}

import { toast } from '../../../ui/components/Toast/toastQueue';
import { Consent } from '../consent';
import { WholesaleEnquiryModalFromUrl } from '../enquiry';
import { SitePostcodeModal } from '../postcode';
import { useSlowDocumentNavigation } from './documentNavigation';
import { carryNotices } from './carriedNotices';
import { Notifications } from './Notifications';
import { SlowNavigationOverlay } from './SlowNavigationOverlay';
import { useRootData } from './rootData';
import { timings } from './timings';

/**
 * Another page of the site is loading (a link or form of the page's server HTML, which no script
 * handles): the notifications that would have followed the visitor go to it, as they do when an
 * island navigates (headerIslandState.ts).
 */
const carryToNextPage = () => carryNotices(toast);

/**
 * What the header island (HeaderIsland.tsx) shows around the page once it has
 * hydrated: the dialogs opened from the address, the notifications, the analytics consent banner
 * and the Loading... overlay of a slow page load. None of it is in the server's HTML, so it is a
 * chunk of its own, fetched and run after the header has hydrated rather than before.
 */
export default function HeaderIslandOverlays() {
  const { analytics } = useRootData();
  const slow = useSlowDocumentNavigation(timings.overlayDelayMs, carryToNextPage);
  return (
    <>
      <WholesaleEnquiryModalFromUrl />
      <SitePostcodeModal />
      <Notifications />
      <Consent analytics={analytics} />
      <SlowNavigationOverlay slow={slow} />
    </>
  );
}

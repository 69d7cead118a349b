import { useSiteRootData } from '../navigation';
import { emptyCatalogue, type Catalogue } from '../catalogue';
import { useCart } from '../cart';
import { OrderOnlineModal, type OrderOnlineStart, type OrderTab } from './OrderOnlineModal';

export interface OrderOnlineDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Where the forms start (what was chosen in the server's panel the modal takes over from). */
  start?: OrderOnlineStart;
  initialTab?: OrderTab;
}

/**
 * The site's Order Online modal: the catalogue from the root loader's data (already in the page),
 * and the shared cart store. Loaded on first use (see OrderOnlineButton).
 */
export function OrderOnlineDialog({
  isOpen,
  onOpenChange,
  start,
  initialTab,
}: OrderOnlineDialogProps) {
  const root = useSiteRootData() as { catalogue?: Catalogue } | undefined;
  const { cart, add, setPostcode } = useCart();
  return (
    <OrderOnlineModal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      catalogue={root?.catalogue ?? emptyCatalogue}
      cart={{ postcode: cart.postcode, count: cart.count, add, setPostcode }}
      start={start}
      initialTab={initialTab}
    />
  );
}

import { useRouteLoaderData } from 'react-router-dom';
import { emptyCatalogue, type Catalogue } from '../catalogue';
import { useCart } from '../cart';
import { OrderOnlineModal } from './OrderOnlineModal';

export interface OrderOnlineDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/**
 * The site's Order Online modal: the catalogue from the root loader's data (already in the page),
 * and the shared cart store. Loaded on first use (see OrderOnlineButton).
 */
export function OrderOnlineDialog({ isOpen, onOpenChange }: OrderOnlineDialogProps) {
  const root = useRouteLoaderData('root') as { catalogue?: Catalogue } | undefined;
  const { cart, add, setPostcode } = useCart();
  return (
    <OrderOnlineModal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      catalogue={root?.catalogue ?? emptyCatalogue}
      cart={{ postcode: cart.postcode, add, setPostcode }}
    />
  );
}

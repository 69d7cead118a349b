import { messages } from '../../../api/domain/messages';
import type { Product } from '../catalogue';
import { useCart } from '../cart';
import { OrderForm } from './OrderForm';
import { useOrderFormActor } from './useOrderFormActor';

/**
 * The compact order form on a product card (catalogue pages): the product is given, so there is
 * no product select. It renders on the server as well, from the same cart the page was built with.
 */
export function ProductOrderForm({ product }: { product: Product }) {
  const { cart, add, setPostcode } = useCart();
  const actor = useOrderFormActor(
    { productType: product.type, products: [product], productId: product.id },
    { postcode: cart.postcode, add, setPostcode },
  );
  return (
    <OrderForm
      actor={actor}
      variant="compact"
      aria-label={messages.orderForm.formLabel(product.title)}
    />
  );
}

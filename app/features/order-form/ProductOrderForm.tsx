import { searchWithFlag, useSiteLocation } from '../navigation';
import { messages } from '../../../api/domain/messages';
import type { FormOutcome } from '../../../api/domain/pageForms';
import type { Product } from '../catalogue';
import { cartIntents, dialogParams, useCart } from '../cart';
import { useFormOutcome } from '../forms';
import { asksToClearCart } from './ClearCartQuestion';
import { OrderForm } from './OrderForm';
import type { OrderFormStart } from './orderFormMachine';
import { useOrderFormActor } from './useOrderFormActor';

/**
 * What this card's form sent when the server refused it (posted without script), to start from
 * again: only the card whose product it was.
 */
export function keptChoice(outcome: FormOutcome | null, product: Product): OrderFormStart {
  const kept = outcome?.values;
  if (!kept || kept.type !== product.type || kept.productId !== product.id) return {};
  const quantity = kept.quantity === undefined ? undefined : Number(kept.quantity);
  return {
    ...(kept.attributeId === undefined ? {} : { sizeId: kept.attributeId }),
    ...(quantity === undefined || !Number.isSafeInteger(quantity) ? {} : { quantity }),
    ...(kept.postcode === undefined ? {} : { postcode: kept.postcode }),
  };
}

/** Whether the server refused this card's post because the new postcode would empty the cart. */
function cardAsksToClearCart(outcome: FormOutcome | null, product: Product): boolean {
  return (
    asksToClearCart(outcome) &&
    outcome?.values.type === product.type &&
    outcome.values.productId === product.id
  );
}

/**
 * The compact order form on a product card (catalogue pages): the product is given, so there is
 * no product select. It renders on the server as well, from the same cart the page was built with,
 * and posts to its page before and without script.
 */
export function ProductOrderForm({ product }: { product: Product }) {
  const { cart, add, setPostcode } = useCart();
  const { pathname, search } = useSiteLocation();
  const outcome = useFormOutcome(cartIntents.addToCart);
  const actor = useOrderFormActor(
    {
      productType: product.type,
      products: [product],
      productId: product.id,
      start: keptChoice(outcome, product),
    },
    { postcode: cart.postcode, count: cart.count, add, setPostcode },
  );
  return (
    <OrderForm
      actor={actor}
      variant="compact"
      aria-label={messages.orderForm.formLabel(product.title)}
      action={`${pathname}${search}`}
      changePostcodeHref={`${pathname}${searchWithFlag(search, dialogParams.postcode)}`}
      asksToClearCart={cardAsksToClearCart(outcome, product)}
    />
  );
}

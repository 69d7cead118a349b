import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import { messages } from '../../../api/domain/messages';
import { clearCartField, intentField } from '../../../api/domain/pageForms';
import {
  BestsellerBadge,
  Button,
  Link,
  Notice,
  PrefixField,
  Select,
  theme,
  useIsHydrated,
  useToasts,
} from '../../../ui';
import { cartIntents } from '../cart';
import { ClearCartQuestion } from './ClearCartQuestion';
import {
  availableSizes,
  priceText,
  quantityOptions,
  selectedProduct,
  showsQuantity,
  sizeLabel,
  type orderFormMachine,
} from './orderFormMachine';

export type OrderFormActor = ActorRefFrom<typeof orderFormMachine>;

/** `full`: the Order Online modal (with the product select); `compact`: a product card's form. */
export type OrderFormVariant = 'full' | 'compact';

export interface OrderFormProps {
  /** The running order form machine this form shows and drives. */
  actor: OrderFormActor;
  variant?: OrderFormVariant;
  /** Names the form, e.g. "Order Kerosene Heating Oil". */
  'aria-label': string;
  /**
   * Where the form posts before and without script: the page it is on (the server adds the item,
   * api/ssr/forms/cart.ts). Left out (stories), it posts to the document's own address.
   */
  action?: string;
  /**
   * Before and without script, "Change postcode?" is a link here: the page with the Set Postcode
   * dialog open (the locked field cannot be typed in without the script).
   */
  changePostcodeHref?: string;
  /**
   * Before and without script: the server refused this form's post with 'Resetting the postcode
   * will clear your cart.' (a new postcode over a cart with items). The form asks, as the script
   * does: "Clear cart and add" posts it again with `clearCart=yes`; "Keep my cart" goes to
   * `keepCartHref` (default: the page), where nothing has changed.
   */
  asksToClearCart?: boolean;
  keepCartHref?: string;
}

const Form = styled.form`
  display: grid;
  gap: ${theme.space[3]};
  min-width: 0;

  /*
   * SPEC §5: Add to Cart shows once a postcode is entered. Before the script runs the button is
   * in the page's HTML, and this keeps it hidden until something is typed (the field's
   * placeholder is then no longer shown); with script the form renders it only then.
   */
  &:has(input[name='postcode']:placeholder-shown) [data-add-to-cart] {
    display: none;
  }
`;

const Row = styled.div`
  display: grid;
  gap: ${theme.space[3]};
  grid-template-columns: minmax(0, 1fr);
  align-items: end;

  &[data-columns='2'] {
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
  }
`;

const ProductHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[2]};
`;

const PostcodeBlock = styled.div`
  display: grid;
  gap: ${theme.space[1]};
  justify-items: start;

  & > :first-child {
    width: 100%;
  }
  /* The link is small text beside the field, but still a comfortable target. */
  & > button,
  & > a {
    display: inline-flex;
    align-items: center;
    min-height: 32px;
    font-size: ${theme.fontSizes.sm};
  }
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space[3]};
`;

const Total = styled.div`
  display: flex;
  align-items: baseline;
  gap: ${theme.space[2]};

  & > span {
    color: ${theme.colors.inkMuted};
    font-size: ${theme.fontSizes.sm};
  }
  & > output {
    font-size: ${theme.fontSizes.lg};
    font-weight: ${theme.fontWeights.bold};
    font-variant-numeric: tabular-nums;
  }
`;

/**
 * The order form (SPEC §2): product, size ("Amount" for oil), quantity (not for oil), the postcode
 * with its fixed "BT" prefix and the Change postcode? / Cancel postcode change link, the price and
 * Add to Cart. It shows and drives the actor it is given: what it shows comes from the machine's
 * state (`postcode.locked`, `choice.somethingToAdd`, `cart.adding`, `cart.open.failed`), and which
 * controls are enabled from `snapshot.can(event)`. Postcode warnings go to the top-centre
 * notifications.
 */
export function OrderForm({
  actor,
  variant = 'full',
  'aria-label': ariaLabel,
  action,
  changePostcodeHref,
  asksToClearCart = false,
  keepCartHref,
}: OrderFormProps) {
  const snapshot = useSelector(actor, (s) => s);
  // False for the server's HTML and while it hydrates: the form must then work as plain HTML.
  const hydrated = useIsHydrated();
  const context = snapshot.context;
  const toaster = useToasts();
  const postcodeInput = useRef<HTMLInputElement>(null);
  const keepCartButton = useRef<HTMLButtonElement>(null);
  const priceLabelId = useId();
  const formId = useId();

  // A postcode typed before the script ran is in the field only: the machine takes it at once,
  // before the render after hydration would put the machine's value back into the field.
  useEffect(() => {
    const typed = postcodeInput.current?.value;
    if (typed === undefined || typed === actor.getSnapshot().context.postcode.value) return;
    if (actor.getSnapshot().can({ type: 'POSTCODE_CHANGED', value: typed })) {
      actor.send({ type: 'POSTCODE_CHANGED', value: typed });
    }
  }, [actor]);

  // SPEC §5: postcode problems are warnings at top-centre. One at a time per form.
  useEffect(() => {
    let shown: string | null = null;
    const subscription = actor.on('notify', (event) => {
      if (shown !== null) toaster.close(shown);
      shown = toaster.warning(event.message);
    });
    return () => subscription.unsubscribe();
  }, [actor, toaster]);

  const product = selectedProduct(context);
  const sizes = availableSizes(context);
  const isSubmitting = snapshot.matches({ cart: 'adding' });
  const firstProductId = context.products[0]?.id ?? '';
  const firstSizeId = sizes[0]?.id ?? '';

  const canChooseProduct = snapshot.can({ type: 'PRODUCT_CHANGED', productId: firstProductId });
  const canChooseSize = snapshot.can({ type: 'SIZE_CHANGED', sizeId: firstSizeId });
  const canChooseQuantity = snapshot.can({ type: 'QUANTITY_CHANGED', quantity: 1 });
  const canTypePostcode = snapshot.can({ type: 'POSTCODE_CHANGED', value: '' });
  const canChangePostcode = snapshot.can({ type: 'CHANGE_POSTCODE' });
  const canCancelChange = snapshot.can({ type: 'CANCEL_POSTCODE_CHANGE' });
  // The link toggles while there is a cart postcode to change, or to go back to.
  const postcodeLink = snapshot.matches({ postcode: 'locked' })
    ? 'change'
    : snapshot.matches({ postcode: { editing: 'changing' } })
      ? 'cancel'
      : null;
  // SPEC §5: Add to Cart shows with something to add and a postcode entered. Before the script
  // runs it is there, hidden by CSS until a postcode is typed (see Form).
  const showsAddToCart =
    snapshot.matches({ choice: 'somethingToAdd' }) && (context.postcode.value !== '' || !hydrated);
  const confirmingNewPostcode = snapshot.matches({ cart: { open: 'confirmingNewPostcode' } });
  // The question replaces nothing: focus goes to its safe answer, after the warning it follows.
  useEffect(() => {
    if (confirmingNewPostcode) keepCartButton.current?.focus();
  }, [confirmingNewPostcode]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'ADD_TO_CART' });
  };

  const togglePostcode = () => {
    if (canChangePostcode) {
      actor.send({ type: 'CHANGE_POSTCODE' });
      // The visitor wants to type a new one.
      postcodeInput.current?.focus();
      postcodeInput.current?.select();
    } else if (canCancelChange) {
      actor.send({ type: 'CANCEL_POSTCODE_CHANGE' });
    }
  };

  return (
    <>
      <Form
        id={formId}
        method="post"
        action={action}
        onSubmit={onSubmit}
        aria-label={ariaLabel}
        aria-busy={isSubmitting || undefined}
        noValidate
        data-variant={variant}
        data-state={isSubmitting ? 'submitting' : 'ready'}
      >
        {variant === 'full' ? (
          <div>
            <Select
              name="productId"
              label={messages.orderForm.product}
              placeholder={messages.orderForm.productPlaceholder}
              options={context.products.map((p) => ({ id: p.id, label: p.title }))}
              selectedKey={context.productId}
              onSelectionChange={(key) => {
                if (key !== null) actor.send({ type: 'PRODUCT_CHANGED', productId: String(key) });
              }}
              isDisabled={!canChooseProduct}
            />
            {product?.bestSeller ? (
              <ProductHeader>
                <BestsellerBadge />
              </ProductHeader>
            ) : null}
          </div>
        ) : null}
        <Row data-columns={showsQuantity(context) ? '2' : '1'}>
          {product === null || sizes.length > 0 ? (
            <Select
              // A disabled select is not sent: then the hidden field below carries the size.
              name={canChooseSize ? 'attributeId' : undefined}
              label={sizeLabel(context)}
              placeholder={sizeLabel(context)}
              options={sizes.map((s) => ({ id: s.id, label: s.title }))}
              selectedKey={context.sizeId}
              onSelectionChange={(key) => {
                if (key !== null) actor.send({ type: 'SIZE_CHANGED', sizeId: String(key) });
              }}
              isDisabled={!canChooseSize}
            />
          ) : null}
          {showsQuantity(context) ? (
            <Select
              name="quantity"
              label={messages.orderForm.quantity}
              options={quantityOptions.map((q) => ({ id: String(q), label: String(q) }))}
              selectedKey={String(context.quantity)}
              onSelectionChange={(key) => {
                if (key !== null) actor.send({ type: 'QUANTITY_CHANGED', quantity: Number(key) });
              }}
              isDisabled={!canChooseQuantity}
            />
          ) : null}
        </Row>
        <PostcodeBlock>
          <PrefixField
            name="postcode"
            // Not shown (the prefix says where to start): it lets CSS see an empty field.
            placeholder=" "
            label={messages.orderForm.postcode}
            prefix={context.postcode.prefix}
            value={context.postcode.value}
            onChange={(value) => actor.send({ type: 'POSTCODE_CHANGED', value })}
            isReadOnly={!canTypePostcode}
            autoComplete="postal-code"
            inputRef={postcodeInput}
          />
          {postcodeLink === 'change' && !hydrated && changePostcodeHref ? (
            <Link href={changePostcodeHref}>{messages.postcode.changePostcode}</Link>
          ) : postcodeLink ? (
            <Button
              variant="link"
              onPress={togglePostcode}
              isDisabled={postcodeLink === 'change' ? !canChangePostcode : !canCancelChange}
            >
              {postcodeLink === 'change'
                ? messages.postcode.changePostcode
                : messages.postcode.cancelPostcodeChange}
            </Button>
          ) : null}
        </PostcodeBlock>
        {confirmingNewPostcode ? (
          <ClearCartQuestion
            count={context.cartCount}
            cartPostcode={context.savedPostcode}
            keep={
              <Button
                variant="secondary"
                onPress={() => actor.send({ type: 'KEEP_CART' })}
                ref={keepCartButton}
              >
                {messages.orderForm.keepCart}
              </Button>
            }
            clear={
              <Button onPress={() => actor.send({ type: 'CLEAR_CART_AND_ADD' })}>
                {messages.orderForm.clearCartAndAdd}
              </Button>
            }
          />
        ) : !hydrated && asksToClearCart ? (
          // Before and without script: the server refused the post with this warning.
          <ClearCartQuestion
            count={context.cartCount}
            cartPostcode={context.savedPostcode}
            keep={<Link href={keepCartHref ?? action ?? ''}>{messages.orderForm.keepCart}</Link>}
            clear={
              <Button type="submit" name={clearCartField} value="yes">
                {messages.orderForm.clearCartAndAdd}
              </Button>
            }
          />
        ) : null}
        {snapshot.matches({ cart: { open: 'failed' } }) ? (
          <Notice variant="danger">{context.error}</Notice>
        ) : null}
        <Footer>
          <Total>
            <span id={priceLabelId}>{messages.orderForm.price}</span>
            <output aria-labelledby={priceLabelId}>{priceText(context)}</output>
          </Total>
          {showsAddToCart ? (
            <Button type="submit" isPending={isSubmitting} data-add-to-cart="">
              {messages.orderForm.addToCart}
            </Button>
          ) : null}
        </Footer>
      </Form>
      {/*
       * What the server needs besides the fields to add the item without script: the intent, the
       * product and the cart's postcode as the form knows it (only another one is set first).
       * Joined to the form by its id rather than inside it, so the form holds one typed field and
       * Enter in it submits the form in every user agent (and test tool).
       */}
      <input type="hidden" form={formId} name={intentField} value={cartIntents.addToCart} />
      <input type="hidden" form={formId} name="type" value={context.productType} />
      {variant === 'compact' ? (
        <input type="hidden" form={formId} name="productId" value={context.productId ?? ''} />
      ) : null}
      {!canChooseSize && context.sizeId !== null ? (
        <input type="hidden" form={formId} name="attributeId" value={context.sizeId} />
      ) : null}
      <input type="hidden" form={formId} name="savedPostcode" value={context.savedPostcode ?? ''} />
    </>
  );
}

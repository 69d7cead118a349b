import { useId, type FormEvent } from 'react';
import styled from 'styled-components';
import { cartLimits, type CartItemView } from '../../../api/domain/cart';
import { messages } from '../../../api/domain/messages';
import { formatPence } from '../../../api/domain/money';
import { intentField } from '../../../api/domain/pageForms';
import {
  Button,
  ButtonLink,
  CartLine,
  Heading,
  ModalLink,
  Notice,
  Price,
  Text,
  theme,
  type CartLineForm,
  type CartLineLabels,
} from '../../../ui';
import { IntentField } from '../forms';
import { paths, searchWithFlag } from '../navigation';
import { useCart } from './CartProvider';
import { checkoutPath, displayPostcode } from './display';
import { cartIntents, dialogParams } from './pageForms';

const lineLabels: CartLineLabels = {
  quantity: messages.cartPage.quantity,
  each: messages.cartPage.each,
  total: messages.cartPage.total,
  remove: messages.cartPage.remove,
  decrease: messages.cartPage.decrease,
  increase: messages.cartPage.increase,
  removeLine: messages.cartPage.removeLine,
};

/** The cart lays out by the room it has (the page, or a QA explorer's panel), not the window. */
const Frame = styled.div`
  container-type: inline-size;
`;

const Layout = styled.div`
  display: grid;
  gap: ${theme.space[6]};
  margin-top: ${theme.space[5]};

  @container (min-width: 50rem) {
    grid-template-columns: minmax(0, 2fr) minmax(18rem, 1fr);
    align-items: start;
  }
`;

const Lines = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  border-top: 1px solid ${theme.colors.border};
`;

const Panel = styled.section`
  display: grid;
  gap: ${theme.space[4]};
  padding: ${theme.space[5]};
  border: 1px solid ${theme.colors.border};
  border-top: 6px solid ${theme.colors.primary};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surface};

  & > * {
    margin: 0;
  }
`;

const Totals = styled.dl`
  display: grid;
  grid-template-columns: 1fr auto;
  row-gap: ${theme.space[2]};
  margin: 0;

  & dt {
    color: ${theme.colors.inkMuted};
  }
  & dd {
    margin: 0;
    padding-left: ${theme.space[4]};
    text-align: right;
  }
  & [data-row='total'] {
    padding-top: ${theme.space[2]};
    border-top: 1px solid ${theme.colors.border};
    color: ${theme.colors.ink};
    font-weight: ${theme.fontWeights.bold};
  }
`;

const PostcodeRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: ${theme.space[2]} ${theme.space[3]};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[3]};
`;

const LineActions = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[3]};
  margin-top: ${theme.space[4]};
`;

/**
 * Where the page's forms post before and without script: this page (the cart page has no query
 * of its own to keep; `?checkout=blocked` is a one-off notice).
 */
const action = paths.cart;

/**
 * With script, the buttons' presses do the work through the cart store; the post the submit
 * button would also make (it is how the button works before and without script) is cancelled.
 */
const scripted = (event: FormEvent) => event.preventDefault();

/** Moves focus somewhere sensible when the control that had it has gone (a removed line). */
function focusIfLost(...ids: string[]): void {
  if (typeof document === 'undefined') return;
  const active = document.activeElement;
  if (active !== null && active !== document.body && active.isConnected) return;
  for (const id of ids) {
    const target = document.getElementById(id);
    if (target) {
      target.focus();
      return;
    }
  }
}

function PostcodeBlock() {
  const { cart, setPostcodeModal } = useCart();
  return (
    <PostcodeRow>
      {cart.postcode ? (
        <Text elementType="span">
          {messages.cartPage.deliveryTo} <strong>{displayPostcode(cart.postcode)}</strong>
        </Text>
      ) : (
        <Text elementType="span">{messages.cartPage.noPostcode}</Text>
      )}
      {/* Before and without script, the page with the dialog open (`?postcode`). */}
      <ModalLink
        variant="link"
        href={`${paths.cart}${searchWithFlag('', dialogParams.postcode)}`}
        isOpen={cart.showPostcodeModal}
        onOpen={() => {
          void setPostcodeModal(true).catch(() => {});
        }}
      >
        {cart.postcode ? messages.cartPage.changePostcode : messages.cartPage.setPostcode}
      </ModalLink>
    </PostcodeRow>
  );
}

/** The fields of a line's form: the buttons send which action (`intent`) as they are pressed. */
const lineActions: CartLineForm['values'] = {
  decrement: cartIntents.removeOne,
  increment: cartIntents.addOne,
  remove: cartIntents.removeLine,
};

function Line({ item, focusIds }: { item: CartItemView; focusIds: string[] }) {
  const { add, remove, removeLine } = useCart();
  const formId = useId();
  const settle = (work: Promise<unknown>) => {
    // The store shows the answer; afterwards focus goes to the list if its button went away.
    void work.catch(() => {}).finally(() => focusIfLost(...focusIds));
  };
  return (
    <>
      {/* The line's buttons post this form (each names its action) before and without script. */}
      <form id={formId} method="post" action={action} onSubmit={scripted} hidden>
        <input type="hidden" name="lineId" value={item.id} />
        <input type="hidden" name="type" value={item.type} />
        <input type="hidden" name="productId" value={item.productId} />
        <input type="hidden" name="attributeId" value={item.attributeId ?? ''} />
        <input type="hidden" name="quantity" value={item.quantity} />
      </form>
      <CartLine
        form={{ id: formId, name: intentField, values: lineActions }}
        title={item.title}
        size={item.attribute}
        imageSrc={item.image}
        unitPence={item.price}
        quantity={item.quantity}
        lineTotalPence={item.lineTotal}
        canIncrement={item.quantity < cartLimits.maxLineQuantity}
        onDecrement={() => settle(remove(item.id))}
        onIncrement={() =>
          settle(
            add({
              type: item.type,
              productId: item.productId,
              attributeId: item.attributeId,
              quantity: 1,
            }),
          )
        }
        onRemove={() => settle(removeLine(item.id))}
        labels={lineLabels}
      />
    </>
  );
}

/**
 * The /cart page's content: the lines, the delivery postcode, the totals, the minimum-order
 * notice and the way on to checkout; or, for an empty cart, the way to the products. Rendered on
 * the server from the root loader's cart, then kept up to date by the cart store.
 */
export function CartContents() {
  const { cart, empty } = useCart();
  const headingId = useId();
  const linesHeadingId = useId();
  const minimumId = useId();

  if (cart.items.length === 0) {
    return (
      <>
        <Heading level={1} id={headingId} tabIndex={-1}>
          {messages.cartPage.title}
        </Heading>
        <Frame>
          <Layout>
            <Panel aria-labelledby={`${headingId}-empty`}>
              <Heading level={2} size={3} id={`${headingId}-empty`}>
                {messages.cart.empty}
              </Heading>
              <Text>{messages.cartPage.emptyHint}</Text>
              <PostcodeBlock />
              <Actions>
                <ButtonLink href={paths.domestic}>{messages.cartPage.shopDomestic}</ButtonLink>
                <ButtonLink href={paths.wholesale} variant="secondary">
                  {messages.cartPage.shopWholesale}
                </ButtonLink>
              </Actions>
            </Panel>
          </Layout>
        </Frame>
      </>
    );
  }

  return (
    <>
      <Heading level={1} id={headingId} tabIndex={-1}>
        {messages.cartPage.title}
      </Heading>
      <Frame>
        <Layout>
          <section aria-labelledby={linesHeadingId}>
            <Heading level={2} size={4} id={linesHeadingId} tabIndex={-1}>
              {messages.cartPage.items}
            </Heading>
            <Lines>
              {cart.items.map((item) => (
                <li key={item.id}>
                  <Line item={item} focusIds={[linesHeadingId, headingId]} />
                </li>
              ))}
            </Lines>
            <LineActions method="post" action={action} onSubmit={scripted}>
              <IntentField intent={cartIntents.empty} />
              <Button
                type="submit"
                variant="secondary"
                size="sm"
                onPress={() => {
                  void empty()
                    .catch(() => {})
                    .finally(() => focusIfLost(headingId));
                }}
              >
                {messages.cartPage.emptyCart}
              </Button>
            </LineActions>
          </section>
          <Panel aria-labelledby={`${headingId}-summary`}>
            <Heading level={2} size={3} id={`${headingId}-summary`}>
              {messages.cartPage.summary}
            </Heading>
            <PostcodeBlock />
            <Totals>
              <dt>{messages.cartPage.subtotal}</dt>
              <dd>
                <Price pence={cart.subtotal} />
              </dd>
              <dt>{messages.cartPage.delivery}</dt>
              <dd>
                {cart.deliveryCharge === 0 ? (
                  messages.cartPage.freeDelivery
                ) : (
                  <Price pence={cart.deliveryCharge} />
                )}
              </dd>
              <dt data-row="total">{messages.cartPage.total}</dt>
              <dd data-row="total">
                <Price pence={cart.total} size="lg" />
              </dd>
            </Totals>
            {cart.declaration ? (
              <Notice
                variant="info"
                title={messages.cartPage.declarationTitle}
                data-declaration-note
              >
                {messages.cartPage.declarationNote(formatPence(cart.declaration.totalWithout))}
              </Notice>
            ) : null}
            {cart.minimumOrderMessage ? (
              <Notice variant="warning" id={minimumId}>
                {cart.minimumOrderMessage}
              </Notice>
            ) : null}
            {cart.meetsMinimumOrder ? (
              <ButtonLink href={checkoutPath} fullWidth>
                {messages.cartPage.checkout}
              </ButtonLink>
            ) : (
              <Button isDisabled fullWidth aria-describedby={minimumId}>
                {messages.cartPage.checkout}
              </Button>
            )}
          </Panel>
        </Layout>
      </Frame>
    </>
  );
}

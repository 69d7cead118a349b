import { memo, useId, type Ref } from 'react';
import { useSiteRootData } from '../navigation';
import styled from 'styled-components';
import { cartLimits, unitPrice } from '../../../api/domain/cart';
import { messages } from '../../../api/domain/messages';
import { formatPence, isPence } from '../../../api/domain/money';
import { clearCartField } from '../../../api/domain/pageForms';
import { defaultPostcodePrefix, normalisePostcode } from '../../../api/domain/postcode';
import {
  Button,
  Heading,
  Link,
  Notice,
  PrefixField,
  StaticCloseLink,
  StaticModal,
  Text,
  theme,
} from '../../../ui';
import { cartIntents, useCart } from '../cart';
import { emptyCatalogue, type Catalogue, type Product } from '../catalogue';
import { IntentField, useFormOutcome } from '../forms';
import { asksToClearCart, ClearCartQuestion } from './ClearCartQuestion';
import {
  choiceField,
  CoalPanel,
  Panel,
  visibleTabs,
  type FormTab,
  type OrderOnlineCatalogue,
  type OrderTab,
} from './orderOnlineTabs';

/*
 * The Order Online modal as the server renders it for a page opened with `?order-online`
 * (DESIGN.md, Rendering): plain HTML that works before and without script. The tabs are sections
 * one after the other; each order form is a native form posted to the page (api/ssr/forms/cart.ts
 * sets a new postcode first, then adds the item), with one native select for the product and its
 * size, since choosing a product cannot change the sizes offered without script. Once the script
 * runs, OrderOnlineButton opens the real modal in its place, starting from what was chosen here.
 */

const Sections = styled.div`
  display: grid;
  gap: ${theme.space[5]};

  & > section {
    display: grid;
    gap: ${theme.space[3]};
  }
`;

const Form = styled.form`
  display: grid;
  gap: ${theme.space[3]};
`;

const Field = styled.div`
  display: grid;
  gap: ${theme.space[1]};

  & > label {
    font-weight: ${theme.fontWeights.semibold};
  }
`;

const NativeSelect = styled.select`
  width: 100%;
  min-height: 44px;
  padding: ${theme.space[2]} ${theme.space[3]};
  border: 2px solid ${theme.colors.borderStrong};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surface};
  color: ${theme.colors.ink};
  font: inherit;

  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Messages = styled.div`
  margin-bottom: ${theme.space[4]};
`;

/** The priced choices of a product: one per size (or the product itself), price above zero. */
function choicesOf(product: Product): { value: string; label: string }[] {
  const priced = (pence: number | null) =>
    pence !== null && isPence(pence) && pence > 0 ? pence : null;
  if (product.sizes.length === 0) {
    const price = priced(product.price);
    return price === null
      ? []
      : [{ value: `${product.id}:`, label: `${product.title} – ${formatPence(price)}` }];
  }
  return product.sizes.flatMap((size) => {
    const price = priced(unitPrice(product, size));
    return price === null
      ? []
      : [{ value: `${product.id}:${size.id}`, label: `${size.title} – ${formatPence(price)}` }];
  });
}

/** The cart's postcode after the prefix, or '' when it has none the field can show. */
function typedPart(postcode: string | null): string {
  if (postcode === null) return '';
  const normalised = normalisePostcode(postcode);
  return normalised.startsWith(defaultPostcodePrefix)
    ? normalised.slice(defaultPostcodePrefix.length)
    : '';
}

interface StaticOrderFormProps {
  type: FormTab;
  products: readonly Product[];
  action: string;
  cartPostcode: string | null;
  /** What this form sent when the server refused it, to show again. */
  kept: Record<string, string> | null;
  /** Refused because the new postcode would empty the cart: ask (see ClearCartQuestion). */
  asksToClearCart: boolean;
  /** The page without the panel: "Keep my cart" goes there, with nothing changed. */
  closeHref: string;
}

function StaticOrderForm({
  type,
  products,
  action,
  cartPostcode,
  kept,
  asksToClearCart,
  closeHref,
}: StaticOrderFormProps) {
  const choiceId = useId();
  const quantityId = useId();
  const tab = messages.orderForm.tabs[type];
  return (
    <Form
      method="post"
      action={action}
      noValidate
      aria-label={messages.orderForm.formLabel(tab)}
      data-order-type={type}
    >
      <IntentField intent={cartIntents.addToCart} />
      <input type="hidden" name="type" value={type} />
      <input type="hidden" name="savedPostcode" value={cartPostcode ?? ''} />
      <Field>
        <label htmlFor={choiceId}>{messages.orderForm.product}</label>
        <NativeSelect id={choiceId} name={choiceField} defaultValue={kept?.[choiceField] ?? ''}>
          <option value="">{messages.orderForm.productPlaceholder}</option>
          {products.map((product) => {
            const choices = choicesOf(product);
            if (choices.length === 0) return null;
            return (
              <optgroup key={product.id} label={product.title}>
                {choices.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </optgroup>
            );
          })}
        </NativeSelect>
      </Field>
      {type === 'oil' ? null : (
        <Field>
          <label htmlFor={quantityId}>{messages.orderForm.quantity}</label>
          <NativeSelect
            id={quantityId}
            name="quantity"
            defaultValue={kept?.quantity ?? String(cartLimits.defaultQuantity)}
          >
            {Array.from({ length: cartLimits.maxQuantity - cartLimits.minQuantity + 1 }, (_, i) =>
              String(cartLimits.minQuantity + i),
            ).map((quantity) => (
              <option key={quantity} value={quantity}>
                {quantity}
              </option>
            ))}
          </NativeSelect>
        </Field>
      )}
      <PrefixField
        name="postcode"
        label={messages.orderForm.postcode}
        prefix={defaultPostcodePrefix}
        defaultValue={kept?.postcode || typedPart(cartPostcode)}
        autoComplete="postal-code"
      />
      {asksToClearCart ? (
        <ClearCartQuestion
          cartPostcode={cartPostcode}
          keep={<Link href={closeHref}>{messages.orderForm.keepCart}</Link>}
          clear={
            <Button type="submit" name={clearCartField} value="yes">
              {messages.orderForm.clearCartAndAdd}
            </Button>
          }
        />
      ) : (
        <div>
          <Button type="submit">{messages.orderForm.addToCart}</Button>
        </div>
      )}
    </Form>
  );
}

export interface StaticOrderOnlineProps {
  /** Where the forms post: this page, with `?order-online` (a refusal shows the panel again). */
  action: string;
  /** Where Close goes: the page without `?order-online`. */
  closeHref: string;
  panelRef?: Ref<HTMLDivElement>;
}

/**
 * The Order Online modal's server-rendered panel (see above). Not rendered again for its parent's
 * renders (the one just after hydration): text typed before the script stays as typed.
 */
export const StaticOrderOnline = memo(function StaticOrderOnline({
  action,
  closeHref,
  panelRef,
}: StaticOrderOnlineProps) {
  const root = useSiteRootData() as { catalogue?: Catalogue } | undefined;
  const catalogue: OrderOnlineCatalogue = root?.catalogue ?? emptyCatalogue;
  const { cart } = useCart();
  const outcome = useFormOutcome(cartIntents.addToCart);
  // Only a refusal of one of this panel's forms (the others have no combined choice).
  const refused = outcome && outcome.values[choiceField] !== undefined ? outcome : null;
  // The new postcode would empty the cart: the form asks (not a refusal shown in red).
  const wouldEmptyCart = asksToClearCart(refused);
  const tabs = visibleTabs(catalogue);
  const headingIds = useId();
  const section = (tab: OrderTab) => {
    const headingId = `${headingIds}-${tab}`;
    const heading = (
      <Heading level={3} size={4} id={headingId}>
        {messages.orderForm.tabs[tab]}
      </Heading>
    );
    if (tab === 'coal') {
      return (
        <section key={tab} aria-labelledby={headingId}>
          {heading}
          <CoalPanel catalogue={catalogue} />
        </section>
      );
    }
    return (
      <section key={tab} aria-labelledby={headingId}>
        {heading}
        <Panel>
          {tab === 'woodpellet' ? <Text variant="muted">{messages.woodPelletsNote}</Text> : null}
          <StaticOrderForm
            type={tab}
            products={catalogue[tab]}
            action={action}
            cartPostcode={cart.postcode}
            kept={refused?.values.type === tab ? refused.values : null}
            asksToClearCart={refused?.values.type === tab && wouldEmptyCart}
            closeHref={closeHref}
          />
        </Panel>
      </section>
    );
  };
  return (
    <div ref={panelRef} data-refused={refused ? '' : undefined}>
      <StaticModal
        title={messages.orderOnline}
        width={500}
        close={<StaticCloseLink href={closeHref} />}
      >
        {refused && !wouldEmptyCart ? (
          // The refusal, here too: the page's own notices are behind the panel.
          <Messages>
            <Notice variant="danger">{refused.message}</Notice>
          </Messages>
        ) : null}
        {tabs.length === 0 ? (
          <Text>{messages.orderForm.nothingToOrder}</Text>
        ) : (
          <Sections>{tabs.map(section)}</Sections>
        )}
      </StaticModal>
    </div>
  );
});

/** The panel's module is loaded only by a page that shows it (OrderOnlineTarget). */
export default StaticOrderOnline;

import { useEffect } from 'react';
import { useLoaderData } from 'react-router-dom';
import styled from 'styled-components';
import { dayInWords } from '../../api/domain/deliveryCalendar';
import { Button, ButtonLink, Heading, Link, Notice, OrderSummary, Text, theme } from '../../ui';
import { useCart } from '../features/cart';
import {
  checkoutAfter,
  checkoutTexts,
  OrderNotFound,
  orderPath,
  TestModeNotice,
  Waiting,
} from '../features/checkout';
import { paths } from '../features/navigation';
import { PageSection } from './CheckoutPage';
import type { OrderPageData } from './CheckoutProcessPage';
import { useOrder } from './useOrder';
import { useTokenOutOfAddress } from './useTokenOutOfAddress';

const texts = checkoutTexts.success;

const Layout = styled.div`
  display: grid;
  gap: ${theme.space[6]};
  margin-top: ${theme.space[5]};

  ${theme.media.md} {
    grid-template-columns: minmax(0, 3fr) minmax(18rem, 2fr);
    align-items: start;
  }

  & > div {
    display: grid;
    gap: ${theme.space[4]};
    align-content: start;
  }
  & p {
    margin: 0;
  }
  & ol {
    margin: 0;
    padding-left: ${theme.space[5]};
  }
  & li + li {
    margin-top: ${theme.space[2]};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[3]} ${theme.space[5]};
`;

/**
 * /checkout/success?order={id}: the thank-you, the order number, the summary, what happens next
 * and the way to the order page (in the first HTML when the server could show the order). The
 * paid order emptied the cart on the server, so the cart is fetched again and the badge goes.
 */
export default function CheckoutSuccessPage() {
  const { orderId, urlToken, order } = useLoaderData() as OrderPageData;
  const load = useOrder(orderId, urlToken, undefined, order ?? null);
  // Kept for this tab by useOrder; out of the address (history, shared links, analytics).
  useTokenOutOfAddress(urlToken);
  const { refresh } = useCart();
  useEffect(() => {
    void refresh({ notifyFailure: false }).catch(() => {});
  }, [refresh]);

  if (load.state === 'notFound') return <OrderNotFound />;
  // Opened again later, or for one of several checkouts: it says what became of the order.
  const unpaid = load.state === 'loaded' ? texts.unpaid[load.order.status] : undefined;
  return (
    <>
      <TestModeNotice />
      <PageSection>
        <Heading level={1} tabIndex={-1}>
          {unpaid?.title ?? texts.title}
        </Heading>
        {load.state === 'loading' ? <Waiting label={texts.loading} /> : null}
        {load.state === 'failed' ? (
          <Notice variant="danger">
            {checkoutTexts.order.failed}{' '}
            <Button variant="link" onPress={load.retry}>
              {checkoutTexts.order.retry}
            </Button>
          </Notice>
        ) : null}
        {load.state === 'loaded' ? (
          <Layout>
            <div>
              {unpaid ? (
                <Notice variant="warning">{unpaid.text}</Notice>
              ) : (
                <Text variant="lead">{texts.description}</Text>
              )}
              <Text variant="lead" data-order-number={load.order.number}>
                {texts.number(load.order.number)}
              </Text>
              {unpaid ? null : (
                <>
                  <Text>{texts.emailed(load.order.email)}</Text>
                  <Heading level={2} size={3}>
                    {texts.nextTitle}
                  </Heading>
                  <ol>
                    {(load.order.deliveryDay
                      ? [
                          texts.booked(dayInWords(load.order.deliveryDay, { year: true })),
                          ...texts.next.slice(1),
                        ]
                      : texts.next
                    ).map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ol>
                </>
              )}
              <Actions>
                <ButtonLink href={orderPath(load.order.id)}>{texts.viewOrder}</ButtonLink>
                {unpaid &&
                load.order.status !== 'refunded' &&
                load.order.status !== 'needs_review' ? (
                  <Link href={checkoutAfter(load.order.status)}>{texts.backToCheckout}</Link>
                ) : (
                  <Link href={paths.home}>{texts.continueShopping}</Link>
                )}
              </Actions>
            </div>
            <OrderSummary
              lines={load.order.lines}
              subtotal={load.order.subtotal}
              deliveryCharge={load.order.deliveryCharge}
              prioritySurcharge={load.order.prioritySurcharge ?? 0}
              vatAdjustment={load.order.vatAdjustment}
              vatBreakdown={load.order.vatBreakdown}
              total={load.order.total}
            />
          </Layout>
        ) : null}
      </PageSection>
    </>
  );
}
